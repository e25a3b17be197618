import type { Diagnostic } from './diagnostics.ts';
import { formatDiagnostics } from './print.ts';

/**
 * A mistake in the site's configuration (a bad setting or environment variable), as opposed to a
 * bug: the CLI prints its message alone, without a stack trace, and exits 1.
 */
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    // Whoever prints `stack` (the dev server does) shows the message alone: a stack here points at the engine, not at the mistake.
    this.stack = message;
  }
}

/** What the CLI says once a site definition's diagnostics are printed: the code when the code does not even load, else the definition. */
function outcomeOf(diagnostics: readonly Diagnostic[]): string {
  const code = diagnostics.every((d) => d.code === 'invalid-site-code');
  return code ? "Fix the site's code first: nothing was built." : 'Fix the site definition first: nothing was built.';
}

/** Mistakes in the site definition or its code, as diagnostics pointing at the site's module; its message is their report. */
export class SiteDefinitionError extends SiteConfigError {
  override name = 'SiteDefinitionError';
  readonly diagnostics: Diagnostic[];
  /** Paths in the report are shown relative to this folder. */
  readonly root: string;
  constructor(diagnostics: Diagnostic[], root: string) {
    super(formatDiagnostics(diagnostics, { cwd: root, outcome: outcomeOf(diagnostics) }));
    this.diagnostics = diagnostics;
    this.root = root;
  }

  /** The report, with stacks of errors thrown by the site's code when verbose. */
  report(verbose = false): string {
    return formatDiagnostics(this.diagnostics, { cwd: this.root, verbose, outcome: outcomeOf(this.diagnostics) });
  }
}
