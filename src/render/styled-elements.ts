import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { siteFrame } from '../diagnostics/thrown-in-site.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

/** An element a component wrote with a `style` attribute, and where in the site's code it did. */
export interface StyledElement {
  tag: string;
  style: string;
  file?: string;
  line?: number;
  column?: number;
}

let noted: StyledElement[] | undefined;

/**
 * Called by the JSX runtime for an element given a `style` prop, while `recordStyledElements`
 * runs: the stack then still holds the component that wrote it (source-mapped to the site's
 * files), which the finished HTML no longer knows. Costs nothing for elements without one.
 */
export function noteStyledElement(tag: string, style: unknown): void {
  if (!noted) return;
  noted.push({ tag, style: cssText(style), ...siteFrame(new Error()) });
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
    ...diagnose('csp-blocked-inline', { component: true }),
    file: element.file,
    line: element.line,
    column: element.column,
    field: `<${element.tag} style>`,
    actual: JSON.stringify(element.style.length > 60 ? `${element.style.slice(0, 57)}...` : element.style),
  }));
}

/** A style prop as the attribute React writes: `{ color: 'red' }` is `color:red`. */
function cssText(style: unknown): string {
  if (typeof style !== 'object' || style === null) return String(style);
  return Object.entries(style)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`)
    .join(';');
}
