import { assets } from './assets.ts';
import { contentFiles } from './content-files.ts';
import type { CodeSpec } from './define.ts';
import { frontMatter } from './front-matter.ts';
import { multilingual } from './multilingual.ts';
import { output } from './output.ts';
import { pages } from './pages.ts';
import { expectedTexts } from './expected.ts';
import { fill, type ValuesOf } from './phrase.ts';
import { derivedRoutes } from './routes.ts';
import { security } from './security.ts';
import { siteDefinition } from './site-definition.ts';
import { thrownTexts } from './thrown.ts';
import { warnings } from './warnings.ts';

export { computedFieldHint } from './front-matter.ts';
export type { SvgFinding } from './assets.ts';
export { putByPlugin } from './content-files.ts';
export { pluginNamedAt } from './pages.ts';
export { FACTORY_HINT } from './site-definition.ts';
export { SEE_STACK } from './define.ts';

/** The sections of `docs/errors.md`, in its order; each code belongs to one. */
export const areas = [
  frontMatter,
  contentFiles,
  siteDefinition,
  derivedRoutes,
  pages,
  multilingual,
  assets,
  security,
  output,
  warnings,
] as const;

/**
 * Every diagnostic code the engine reports, each defined once. Codes are permanent: tests, docs
 * and editors refer to them.
 */
export const catalogue = {
  ...frontMatter.codes,
  ...contentFiles.codes,
  ...siteDefinition.codes,
  ...derivedRoutes.codes,
  ...pages.codes,
  ...multilingual.codes,
  ...assets.codes,
  ...security.codes,
  ...output.codes,
  ...warnings.codes,
};

/** A permanent, kebab-case diagnostic code. */
export type Code = keyof typeof catalogue;

/** What a code's message and hint are made of. */
export type ParamsOf<C extends Code> = (typeof catalogue)[C] extends CodeSpec<infer P> ? P : never;

/** The arguments after the code: none when its texts hold no values. */
// biome-ignore lint/suspicious/noConfusingVoidType: a CodeSpec whose texts take no values infers its parameters as void.
type Args<C extends Code> = [ParamsOf<C>] extends [void] ? [] : [params: ParamsOf<C>];

/** A code's words for one occurrence: its message, and its hint when it has one. */
export function say<C extends Code>(code: C, ...args: Args<C>): { message: string; hint?: string } {
  const spec = catalogue[code] as CodeSpec<unknown>;
  const message = spec.message(args[0]);
  const hint = spec.hint?.(args[0]);
  return hint === undefined ? { message } : { message, hint };
}

/** The start of a diagnostic: its code, the code's severity, and its words; the caller adds where. */
export function diagnose<C extends Code>(
  code: C,
  ...args: Args<C>
): { code: C; severity: 'error' | 'warning'; message: string; hint?: string } {
  return { code, severity: catalogue[code].severity, ...say(code, ...args) };
}

/** A code's message as the one line the CLI prints for errors that stop a command before it starts: `…  [output-locked]`. */
export function line<C extends Code>(code: C, ...args: Args<C>): string {
  return `${say(code, ...args).message}  [${code}]`;
}

/** How grave a code is, for diagnostics whose words were said before their place was known. */
export function severityOf(code: Code): 'error' | 'warning' {
  return catalogue[code].severity;
}

/** Every sentence that is not a code's own words: what diagnostics expected, and the texts of errors thrown at a user. */
export const sentences = { ...expectedTexts, ...thrownTexts };

/** The id of one sentence of `expected.ts` or `thrown.ts`. */
export type SentenceId = keyof typeof sentences;

/** A sentence of the catalogue with its gaps filled: `phrase('option-port', { value })`. */
export function phrase<I extends SentenceId>(id: I, ...values: ValuesOf<(typeof sentences)[I]>): string {
  return fill(sentences[id], values[0]);
}
