import { area, entry, SEE_STACK } from './define.ts';

/** The codes of the section "Derived routes" of docs/errors.md, in its order. */
export const derivedRoutes = area({
  title: 'Derived routes',
  codes: {
    'invalid-route': entry<{ route: string; field?: 'title' | 'description' }>({
      severity: 'error',
      message: (p) => (p.field ? `${p.route} has no ${p.field}.` : `${p.route} has no clean URL path.`),
      cause:
        'a route from [`routes()`](routes-and-feeds.md#derived-routes) has no clean URL (a query, a fragment, a space, a doubled slash, no leading `/`) or no `title` or `description`',
      fix: 'return a clean URL and both fields',
    }),
    'routes-failed': entry<{ reason: string }>({
      severity: 'error',
      message: (p) => `The site's routes() threw: ${p.reason}`,
      hint: () => SEE_STACK,
      cause: "the site's `routes(catalogue)` threw (reported once the content is valid)",
      fix: 'fix the function; `--verbose` shows the stack',
    }),
  },
});
