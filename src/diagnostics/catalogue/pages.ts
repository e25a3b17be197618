import { area, entry, didYouMean, SEE_STACK } from './define.ts';

/** A plugin's failure with where the site names the plugin, after the hint it had. */
export function pluginNamedAt(hint: string | undefined, place: string): string {
  return `${hint ?? ''} The site names the plugin at ${place}.`.trim();
}

/** The codes of the section "Pages" of docs/errors.md, in its order. */
export const pages = area({
  title: 'Pages',
  codes: {
    'search-field-invalid': entry<{ page: string; reason: string }>({
      severity: 'error',
      message: (p) => `search.fields gave the page ${p.page} ${p.reason}`,
      hint: () =>
        'Return { filters: { tag: ["a", "b"] }, meta: { date: "2024-05-01" } }: keys are words of letters, digits, _ and -, values are text.',
      cause:
        "the site's `search.fields` function threw for a page, or returned something other than `{ filters, meta }` of text (a key with a colon or comma, a number, an object); reported at the page's content file",
      fix: 'return text for each filter and metadata key, or undefined for a page with none ([search](search.md#filters-and-metadata))',
    }),
    'search-index-failed': entry<{ reason: string }>({
      severity: 'error',
      message: (p) => `Pagefind could not build the search index: ${p.reason}`,
      hint: () => 'Check that the pagefind package and its platform package (@pagefind/linux-x64, …) are installed: npm ls pagefind.',
      cause: "Pagefind's binary did not start (its platform package is missing for this system) or refused a page; nothing is written",
      fix: 'reinstall the dependencies so that npm installs the platform package, or turn `search` off ([search](search.md))',
    }),
    'render-failed': entry<{ template: string; reason: string }>({
      severity: 'error',
      message: (p) => `The template "${p.template}" threw: ${p.reason}`,
      hint: () => SEE_STACK,
      cause:
        'a template, the layout, `head` or a component threw while rendering the page: a bug, `useImage` of no image, a `catalogue.derive` function made anew on each page',
      fix: "fix the component at the file, line and column given (the innermost frame of the site's own code, source-mapped; the content file when no frame is the site's); `--verbose` shows the stack",
    }),
    'undeclared-island': entry<{ template: string; island: string; suggestion?: string }>({
      severity: 'error',
      message: (p) => `the template "${p.template}" renders an island the site does not declare, so it would never hydrate`,
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : `Declare it: islands: { ${p.island}: 'islands/${p.island}.tsx' }.`),
      cause:
        'a template renders an `<Island name="…">` whose name is not a key of the site\'s `islands`, so it would never hydrate; reported at `islands` in the site module, once for all the pages that show it',
      fix: "declare the island (`islands: { Name: 'islands/Name.tsx' }`) or fix the name the template uses",
    }),
    'markdown-plugin-failed': entry<{ field: string; plugin: string; reason: string; mdx?: boolean }>({
      severity: 'error',
      message: (p) => `the site's plugin ${p.field} (${p.plugin}) threw while ${p.mdx ? 'compiling' : 'rendering'} this file: ${p.reason}`,
      hint: () => `The plugin is at fault, or the content is something it does not expect. ${SEE_STACK}`,
      cause:
        "one of the site's `markdown.remarkPlugins` or `markdown.rehypePlugins` threw while rendering the file; reported at the file with the plugin's field (`markdown.rehypePlugins[1]`)",
      fix: 'fix the plugin or its options, or the content it trips on; `--verbose` shows the stack ([Markdown](markdown.md#plugins))',
    }),
    'markdown-plugin-message': entry<{ field: string; plugin: string; reason: string; rule?: string }>({
      severity: 'warning',
      message: (p) => `the site's plugin ${p.field} (${p.plugin}) says: ${p.reason}${p.rule ? ` (${p.rule})` : ''}`,
      hint: () => "Change the content as the plugin asks, or the plugin's options if the rule does not apply to this site.",
      cause:
        "one of the site's `markdown.remarkPlugins` or `markdown.rehypePlugins` (a linter such as remark-lint, say) gave a warning with `file.message` about the file; reported at its line in the file when the plugin gave one",
      fix: "change the content, or configure the plugin's rule; the page is built all the same ([Markdown](markdown.md#plugins))",
    }),
    'heading-count': entry<{ url: string; template: string; headings: number }>({
      severity: 'error',
      message: (p) => `The page ${p.url} (template "${p.template}") has ${p.headings} h1 headings; a page has exactly one.`,
      hint: (p) => (p.headings > 1 ? 'Use ## for sections in Markdown; the template draws the h1.' : 'The template must draw the h1.'),
      cause: 'the rendered page has no `<h1>`, or more than one',
      fix: 'draw exactly one `h1` in the template; start Markdown sections at `##`',
    }),
    'csp-blocked-inline': entry<{ component: true } | { page: string; element: string; attribute: string; value: string }>({
      severity: 'error',
      message: (p) =>
        'component' in p
          ? 'is written by a component, and the Content-Security-Policy blocks style attributes in browsers'
          : `The page ${p.page} has ${p.element} with ${p.attribute}=${JSON.stringify(p.value)}, which the Content-Security-Policy blocks in browsers.`,
      hint: (p) =>
        'component' in p || p.attribute === 'style'
          ? 'Give the element a class styled in a stylesheet (or SVG presentation attributes) instead of a style attribute.'
          : 'Attach behaviour from an island or a startup module, never from markup.',
      cause:
        'a rendered page holds a `style` attribute, an event-handler attribute or a `javascript:` URL, which the Content-Security-Policy blocks',
      fix: 'use a class and a stylesheet; attach behaviour from an island ([security](security.md#what-a-template-must-not-do))',
    }),
  },
});
