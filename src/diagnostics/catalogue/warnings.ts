import { area, entry, didYouMean } from './define.ts';

/** The codes of the section "Warnings" of docs/errors.md, in its order. */
export const warnings = area({
  title: 'Warnings',
  codes: {
    'unknown-code-language': entry<{ suggestion?: string }>({
      severity: 'warning',
      message: () => 'names a language the highlighter does not know, so the block is shown plain',
      hint: (p) =>
        p.suggestion
          ? didYouMean(p.suggestion)
          : 'Use a language name Shiki knows (https://shiki.style/languages), or none for plain text.',
      cause: 'a fenced code block names a language the highlighter does not know (`` ```pyhton ``); the block is shown plain',
      fix: 'fix the name (see the hint), or leave it out for plain text ([Markdown](markdown.md#highlighted-code))',
    }),
    'unsupported-fence-syntax': entry<{ instead: string }>({
      severity: 'warning',
      message: () =>
        'is written in code-block syntax of Expressive Code (Astro Starlight) that this engine does not read, so it is ignored',
      hint: (p) => `Write ${p.instead} (see docs/markdown.md#highlighted-code); titles and marks need markdown.shiki.meta: true.`,
      cause:
        'a fenced code block uses Expressive Code syntax the engine ignores: `"text"` marks, `lang=`, `frame=`, `collapse=`, `mark=`, `wrap`, or a first line `// file: x.js` as its title',
      fix: 'write the supported equivalent the hint names (`title="…"`, `{2,4-6}`, `ins={3}`, `/word/`), or remove it ([documentation sites](documentation-sites.md#code-blocks-with-titles-and-marks))',
    }),
    'missing-alt': entry<{ markdown: boolean }>({
      severity: 'warning',
      message: () => 'is an image without alt text, which screen readers announce by its file name',
      hint: (p) =>
        p.markdown
          ? 'Write the description between the brackets: ![A heron on a post](./heron.jpg).'
          : 'Add alt="…" describing the image, or alt="" when it is only decoration.',
      cause: 'an image in a Markdown body (`![](…)`) or its raw HTML (`<img>` without `alt`) has no alt text',
      fix: 'describe the image between the brackets; in raw HTML, `alt=""` marks a decorative image ([images in Markdown](content.md#images-in-markdown))',
    }),
    'trailing-slash': entry<{ url?: string }>({
      severity: 'warning',
      message: () => "names a page in the other URL style than the site's",
      hint: (p) => (p.url === undefined ? undefined : `Write "${p.url}": on a static host the other form costs a redirect.`),
      cause:
        "a link names a page in the other URL style than the site's `trailingSlash`: `/guides/terns` on a site whose URLs end in a slash, or `/guides/terns/` on one whose URLs do not; the page is still reached, through a redirect",
      fix: 'write the link as the hint says ([trailing slashes](content.md#trailing-slashes))',
    }),
    'empty-feed': entry<{ rss: string; collection: string; field?: string; visible: number }>({
      severity: 'warning',
      message: (p) =>
        `The feed ${p.rss} has no item: ${p.field ? `none of the ${p.visible} visible entries of "${p.collection}" has a ${p.field}` : `the collection "${p.collection}" names no date field`}.`,
      hint: (p) =>
        p.field
          ? `Give the entries a ${p.field}, or name the field they have in the collection's dates.published.`
          : `Add dates: { published: '<your date field>' } to the collection "${p.collection}".`,
      cause:
        'a feed has no item: no visible entry of its collection has the date field the collection names in [`dates.published`](content.md#dates), or the collection names none',
      fix: "name the field the content has (`dates: { published: 'date' }`), or give the entries one",
    }),
    'invalid-utf8': entry({
      severity: 'warning',
      message: () => 'The line holds bytes that are not UTF-8: each is shown as � (U+FFFD) on the page.',
      hint: () => 'Save the file as UTF-8 in your editor, then check the characters on this line.',
      cause:
        'a content file holds bytes that are not UTF-8 (a file saved as Latin-1 or Windows-1252); at the first such line. Each such byte shows as � on the page',
      fix: 'save the file as UTF-8 and check the line',
    }),
    'workers-unavailable': entry<{ reason?: string }>({
      severity: 'warning',
      message: (p) =>
        `No worker thread could load the site, so every page was rendered on the main thread${p.reason ? `: ${p.reason}` : ''}`,
      hint: () => 'The pages are the same, only built more slowly. Run with --verbose to see the error.',
      cause: 'no worker thread could load the site, so the main thread rendered every page: the same pages, more slowly',
      fix: 'usually nothing to fix; `--verbose` shows why the workers failed',
    }),
    'code-too-large-to-highlight': entry<{ limit: number }>({
      severity: 'warning',
      message: (p) => `holds more than ${p.limit.toLocaleString('en-US')} characters, so the block is shown plain`,
      hint: () => 'Shorten the block, or link to the file it comes from; a block this long is rarely read on a page.',
      cause:
        'a fenced code block holds more than 100,000 characters: it is shown plain (escaped), since highlighting takes time and memory that grow with it (3.4 MB took 127 s and 1.5 GB)',
      fix: 'shorten the block, or leave it plain',
    }),
    'mdx-in-markdown': entry<{ written: string }>({
      severity: 'warning',
      message: (p) =>
        `writes ${p.written}, which is MDX, in a Markdown file: Markdown does not run it, and the sanitizer removes a component`,
      hint: () =>
        'Rename the file to .mdx (in a collection with mdx: true, if its writers may change the site’s code) to use components and imports; or write plain Markdown.',
      cause:
        'a `.md` file with a JSX component at the start of a line (`<Note>`) or an `import`/`export` line: MDX syntax, which only `.mdx` files are compiled as ([MDX](markdown.md#mdx))',
      fix: 'rename the file to `.mdx`, or write it as Markdown',
    }),
    'data-from-cache': entry<{ collection: string; age: string; reason?: string }>({
      severity: 'warning',
      message: (p) =>
        `The collection "${p.collection}" is built from its loader's last result, ${p.age} old${p.reason === undefined ? ' (--offline)' : `: the loader failed (${p.reason})`}.`,
      cause:
        'a collection with a [loader](data.md#offline-builds) was built from the result its loader gave last time, kept in `.site-cache/data/`: the build ran with `--offline`, or the loader threw and the collection sets `cacheOnError: true`',
      fix: 'nothing, if the data may be that old; otherwise build online once the source can be reached',
    }),
  },
});
