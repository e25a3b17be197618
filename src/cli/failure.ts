import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { formatDiagnostics, type PrintOptions } from '../diagnostics/print.ts';

/**
 * Prints the problems that stopped a command (`site build`, `site og`), ending with what became of
 * its output, and makes the command exit with 1.
 */
export function printFailure(diagnostics: readonly Diagnostic[], options: PrintOptions & { outcome: string }): void {
  console.error(formatDiagnostics(diagnostics, options));
  process.exitCode = 1;
}
