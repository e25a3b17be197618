import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';

/** An element a component wrote with a `style` attribute, and where in the site's code it did. */
export interface StyledElement {
  tag: string;
  style: string;
  file?: string;
  line?: number;
  column?: number;
}

/** The engine's own folder (`src/` or `lib/`): its frames are never the component that wrote an element. */
const ENGINE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

let noted: StyledElement[] | undefined;

/**
 * Called by the JSX runtime for an element given a `style` prop, while `recordStyledElements`
 * runs: the stack then still holds the component that wrote it (source-mapped to the site's
 * files), which the finished HTML no longer knows. Costs nothing for elements without one.
 */
export function noteStyledElement(tag: string, style: unknown): void {
  if (!noted) return;
  noted.push({ tag, style: cssText(style), ...writerOf(new Error().stack ?? '') });
}

/** Runs `render`, gathering the elements it writes with a style attribute. */
export function recordStyledElements<T>(render: () => T): { value: T; styled: StyledElement[] } {
  const outer = noted;
  noted = [];
  try {
    const value = render();
    return { value, styled: noted };
  } finally {
    noted = outer;
  }
}

/**
 * The style attributes a page's components wrote, as errors at the component's line: one per
 * place in the code, however many pages it draws (see `formatDiagnostics`, which says each once).
 */
export function styledElementDiagnostics(styled: readonly StyledElement[]): Diagnostic[] {
  return styled.map((element) => ({
    code: 'csp-blocked-inline',
    severity: 'error',
    file: element.file,
    line: element.line,
    column: element.column,
    field: `<${element.tag} style>`,
    message: 'is written by a component, and the Content-Security-Policy blocks style attributes in browsers',
    actual: JSON.stringify(element.style.length > 60 ? `${element.style.slice(0, 57)}...` : element.style),
    hint: 'Give the element a class styled in a stylesheet (or SVG presentation attributes) instead of a style attribute.',
  }));
}

/** The innermost frame of a stack outside the engine and node_modules: the component's own line. */
function writerOf(stack: string): Pick<StyledElement, 'file' | 'line' | 'column'> {
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?$/gm)) {
    const file = match[1]!.startsWith('file:') ? fileURLToPath(match[1]!) : match[1]!;
    if (file.startsWith(ENGINE_DIR + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    return { file, line: Number(match[2]), column: Number(match[3]) };
  }
  return {};
}

/** A style prop as the attribute React writes: `{ color: 'red' }` is `color:red`. */
function cssText(style: unknown): string {
  if (typeof style !== 'object' || style === null) return String(style);
  return Object.entries(style)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`)
    .join(';');
}
