/**
 * The shape of the catalogue of diagnostic codes: each code is defined once, with its severity,
 * what it says (a function of its parameters when the text holds values), its hint, and the
 * cause and fix that `docs/errors.md` shows (generated from here by `npm run errors-doc`).
 */
export interface CodeSpec<P = void> {
  severity: 'error' | 'warning';
  /** What the diagnostic says, in words an author can act on. */
  message: (params: P) => string;
  /** What to do about it, when there is something to suggest. */
  hint?: (params: P) => string | undefined;
  /** Why the code is reported, for the table of `docs/errors.md` (Markdown). */
  cause: string;
  /** What to do about it, for the same table (Markdown). */
  fix: string;
}

/** One section of `docs/errors.md`: a title, a paragraph when the section needs one, and its codes in the order shown. */
export interface Area<Codes> {
  title: string;
  intro?: string;
  codes: Codes;
}

/** Declares a code; the parameters are those of its message and hint. */
export function entry<P = void>(spec: CodeSpec<P>): CodeSpec<P> {
  return spec;
}

/** Declares a section of codes, keeping each code's own parameters in its type. */
export function area<const Codes extends Record<string, CodeSpec<never>>>(area: Area<Codes>): Area<Codes> {
  return area;
}

/** The hint for a likely typo: `did you mean "title"?`. */
export function didYouMean(suggestion: string): string {
  return `did you mean "${suggestion}"?`;
}

/** The hint of errors whose stack helps (a thrown error): shown with --verbose. */
export const SEE_STACK = 'Run with --verbose to see the stack.';
