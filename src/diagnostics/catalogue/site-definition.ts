import { area, entry, didYouMean, SEE_STACK } from './define.ts';

/** The hint when a site module's default export is a function rather than the site it makes. */
export const FACTORY_HINT = 'The module default-exports a function: export the site it makes instead (export default createSite()).';

/** The codes of the section "The site definition" of docs/errors.md, in its order. */
export const siteDefinition = area({
  title: 'The site definition',
  intro:
    "Reported before any content is read, at the field's line in the site module\n([what is checked](site-definition.md#what-is-checked-when-it-loads)); `missing-field`,\n`unknown-field`, `invalid-type` and `invalid-format` above are reported for its fields too.",
  codes: {
    'unknown-template': entry<{ route?: string; suggestion?: string }>({
      severity: 'error',
      message: (p) => (p.route ? `${p.route} names a template the site does not define.` : 'names a template the site does not define'),
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause:
        "a collection's `template`, the template a collection's function chose for a file, or a derived route's `template` is not a key of `templates`",
      fix: 'fix the name (see the hint) or add the template',
    }),
    'unknown-stylesheet': entry<{ suggestion?: string }>({
      severity: 'error',
      message: () => 'names a stylesheet the site does not define',
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause: "a template's `styles` names a stylesheet that is not a key of `styles`",
      fix: 'fix the name, or add the stylesheet to `styles`',
    }),
    'unknown-collection': entry<{ suggestion?: string }>({
      severity: 'error',
      message: () => 'names a collection the site does not define',
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause: "a feed's `collection` is not a collection's name",
      fix: 'fix the name',
    }),
    'missing-path': entry<{ folder?: boolean; suggestion?: string }>({
      severity: 'error',
      message: (p) => `names a ${p.folder ? 'folder' : 'file'} that does not exist`,
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : undefined),
      cause:
        'a file or folder the definition names (`contentDir`, `publicDir`, a stylesheet, island, startup module, social-image template or font, the favicon) does not exist; relative paths are read from the project folder',
      // Escaped: the bundler of the site's code rewrites that expression wherever its text appears (see site/code.ts).
      fix: 'fix the path (see the hint), or make paths absolute with `import\u002Emeta.dirname`',
    }),
    'invalid-redirect': entry<
      | { kind: 'plain-source' }
      | { kind: 'plain-target' }
      | { kind: 'source-is-page'; from: string }
      | { kind: 'no-target'; target: string; suggestion?: string }
    >({
      severity: 'error',
      message: (p) => {
        if (p.kind === 'plain-source') return 'starts from no plain path';
        if (p.kind === 'plain-target') return 'leads to no plain path';
        if (p.kind === 'source-is-page') return `starts from ${p.from}, which the build already has: the redirect would replace it`;
        return `leads to ${p.target}, which is no page of the build`;
      },
      hint: (p) =>
        p.kind === 'source-is-page'
          ? 'Remove the redirect, or the page.'
          : p.kind === 'no-target' && p.suggestion
            ? didYouMean(p.suggestion)
            : undefined,
      cause:
        "a [redirect](routes-and-feeds.md#redirects)'s target is not a page of the build, or its source is one (the redirect would hide it, or never be followed)",
      fix: 'point the redirect at a page the build makes, or remove the page or the redirect',
    }),
    'missing-not-found-page': entry<{ suggestion?: string }>({
      severity: 'error',
      message: () => 'names no page of the site',
      hint: (p) => (p.suggestion ? didYouMean(p.suggestion) : 'Add a page for it to the content, or name another.'),
      cause: '`notFound` names no page of the site (checked once the content is read)',
      fix: 'add the page (a `404.md` for `/404`) or name an existing one',
    }),
    'invalid-site-code': entry<{ kind: 'bundle'; reason: string } | { kind: 'load'; reason: string } | { kind: 'schema'; reason: string }>({
      severity: 'error',
      message: (p) =>
        p.kind === 'bundle'
          ? `The site's code cannot be bundled: ${p.reason}`
          : p.kind === 'load'
            ? `The site module threw as it loaded: ${p.reason}`
            : `threw: ${p.reason}`,
      hint: (p) => (p.kind === 'bundle' ? undefined : SEE_STACK),
      cause:
        "the site's code cannot be bundled (a syntax error, an import that does not resolve), threw as it loaded, or a collection's `schema` function threw",
      fix: 'fix the code at the file and line given; `--verbose` shows the stack',
    }),
    'unsafe-output-path': entry<
      { kind: 'dot-segment' } | { kind: 'encoded' } | { kind: 'backslash' } | { kind: 'control' } | { kind: 'reserved'; name: string }
    >({
      severity: 'error',
      message: (p) => {
        if (p.kind === 'dot-segment') return 'holds a . or .. segment, which would lead the file it names out of its folder';
        if (p.kind === 'encoded')
          return 'holds an escaped dot, slash, backslash or control character (%2e, %2f, %5c), which a host decodes';
        if (p.kind === 'backslash') return 'holds a backslash, which some hosts and file systems read as a slash';
        if (p.kind === 'control') return 'holds a control character';
        return `starts with ${p.name}, a name the build writes itself or the host reads as its configuration`;
      },
      hint: (p) =>
        p.kind === 'reserved'
          ? "Choose another path: _headers, _redirects, 404.html, /og/ and the host files are the build's own."
          : 'Write the path as the plain segments it ends at, such as /old-path.',
      cause:
        "a path the site or its content names for a file of the output (a [redirect](routes-and-feeds.md#redirects)'s source, a feed's `rss` or `atom`, a derived route, a page's URL) is not a plain path inside the output folder, or names a file the build or the host reserves",
      fix: 'write it as plain segments under the root, away from the reserved names',
    }),
    'collection-source': entry<{ both: boolean }>({
      severity: 'error',
      message: (p) =>
        p.both
          ? 'cannot be set with include: a collection takes its entries from files or from a loader, not both'
          : 'is required: a collection takes its entries from files (include) or from a loader (load)',
      hint: (p) => (p.both ? 'Keep include for files of the content folder, or load for another source.' : undefined),
      cause: 'a collection with neither `include` nor `load`, or with both (see [data.md](data.md))',
      fix: 'give the collection `include` (globs of files) or `load` (a loader), one of them',
    }),
  },
});
