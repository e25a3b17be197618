import type { SecurityDefinition } from './headers.ts';

/** What Pagefind needs beyond the engine's policy: compiling its WebAssembly. Its index, script and worker load under `'self'`. */
export const SEARCH_SCRIPT_SOURCE = "'wasm-unsafe-eval'";

/**
 * The site's security settings with what its search needs, for every path. Not only the pages that
 * show the search: with client navigation a page reached by a link keeps the first page's policy,
 * and Pagefind's worker (`/pagefind/pagefind-worker.js`) compiles the WebAssembly under its own
 * response's policy. `'wasm-unsafe-eval'` lets no JavaScript be evaluated: only WebAssembly be
 * compiled, by script the policy admits already. A site without search keeps its policy unchanged.
 */
export function withSearchPolicy(security: SecurityDefinition | undefined, search: unknown): SecurityDefinition | undefined {
  if (!search) return security;
  const csp = security?.csp ?? {};
  return { ...security, csp: { ...csp, 'script-src': [...(csp['script-src'] ?? []), SEARCH_SCRIPT_SOURCE] } };
}
