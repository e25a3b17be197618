import { area, entry, didYouMean } from './define.ts';

/** The words of a finding in content that one of the site's Markdown plugins put there, whatever its code. */
export function putByPlugin(plugin: string, message: string): { message: string; hint: string } {
  return {
    message: `was put into the page by the site's plugin ${plugin}, and the engine refuses it: it ${message}`,
    hint: 'Fix or remove the plugin in the site definition: content cannot bring scripts, event handlers or unsafe URLs into a page, and neither can a plugin.',
  };
}

/** The codes of the section "Content files and links" of docs/errors.md, in its order. */
export const contentFiles = area({
  title: 'Content files and links',
  codes: {
    'no-collection': entry<{ relative: string; glob: string }>({
      severity: 'error',
      message: () => 'The file belongs to no collection, so the site does not know how to draw it.',
      hint: (p) =>
        `Move it into a folder the site defines, or add "${p.glob}" to the include of the collection it belongs with (or a new collection’s) so that it matches "${p.relative}".`,
      cause:
        "a Markdown file that no collection's `include` matches (a file a collection's `exclude` removes is [never read](content.md#files-the-build-does-not-read) instead; an `.mdx` file is `mdx-not-enabled`)",
      fix: 'move the file, or add a collection (or a glob) that holds it',
    }),
    'invalid-file-name': entry<{ what: string }>({
      severity: 'error',
      message: (p) => `The file's path makes a URL that cannot lead back to the page: it has ${p.what}`,
      hint: () => 'Rename the file; its name is the last part of the page’s URL.',
      cause:
        "a file name holding `\\`, a control character, or a space at either end: its URL could not lead back to it (`%`, `#` and `?` are percent-encoded in the URL); or `*` or `:`, which the hosts' `_headers` and `_redirects` read as patterns",
      fix: 'rename the file',
    }),
    'duplicate-url': entry<{ kind: 'files'; url: string } | { kind: 'pages'; url: string; file: boolean } | { kind: 'case' }>({
      severity: 'error',
      message: (p) =>
        p.kind === 'case'
          ? 'URLs that differ only in letter case or accents collide on case-insensitive file systems and hosts.'
          : `Two or more ${p.kind} produce the URL ${p.url}.`,
      hint: (p) => {
        if (p.kind === 'files') return 'Rename or remove all but one of them.';
        if (p.kind === 'case') return 'Rename one of the files.';
        return p.file ? 'Rename the content file, or leave this URL out of the derived routes.' : 'Derive each URL once.';
      },
      cause:
        'two files (`a.md` and `a/index.md`), a file and a derived route, or two derived routes make the same URL; or two URLs differ only in letter case or accents',
      fix: 'rename or remove all but one',
    }),
    'unsafe-content': entry<{ kind: 'script' } | { kind: 'handler' } | { kind: 'srcdoc'; code: string }>({
      severity: 'error',
      message: (p) =>
        p.kind === 'script'
          ? 'is not allowed in content: it would run code on every visitor’s page'
          : p.kind === 'handler'
            ? 'is an event-handler attribute, which runs code'
            : `holds a page with ${p.code}, which runs code`,
      hint: (p) =>
        p.kind === 'script'
          ? 'Remove it. Interactive parts belong in the site’s templates and islands, not in Markdown.'
          : p.kind === 'handler'
            ? 'Remove the attribute. Interactive parts belong in the site’s templates and islands.'
            : 'Remove the attribute; embed a page by its https: address instead.',
      cause:
        "a `<script>` element or an `on…` event-handler attribute in a Markdown body, or an `<iframe srcdoc>` page holding either or a `javascript:` URL, or put there by one of the site's Markdown plugins (the message names it)",
      fix: 'remove it: interactive parts belong in templates and [islands](islands.md)',
    }),
    'unsafe-url': entry<{ scheme: string; inFrontMatter?: boolean } | { link: true }>({
      severity: 'error',
      message: (p) => ('link' in p ? 'is a URL that runs code' : `is a ${p.scheme} URL, which runs code`),
      hint: (p) =>
        'link' in p
          ? undefined
          : p.inFrontMatter
            ? 'Use the https: address of the page you mean.'
            : 'Link to a page of the site (/services/…) or to an https: address.',
      cause:
        'a `javascript:`, `vbscript:` or `data:text/html` URL, however spelt or encoded, in Markdown, raw HTML (a meta refresh and animation `values`, `to`, `from`, `by` included), a front-matter field or a rendered page',
      fix: 'link to a page or file instead',
    }),
    'style-removed': entry({
      severity: 'warning',
      message: () => 'is removed: content cannot style itself, and the Content-Security-Policy would block it',
      hint: () => 'Style the element from the site’s stylesheet (a template or a class the sanitizer keeps), or drop the attribute.',
      cause:
        "a warning: a `style` attribute in a Markdown body's raw HTML: the sanitizer removes it, and the Content-Security-Policy would block it anyway",
      fix: "style the element from the site's stylesheet, or drop the attribute",
    }),
    'invalid-mdx': entry<{ unresolved: string } | { compiler: string }>({
      severity: 'error',
      message: (p) => ('unresolved' in p ? `imports "${p.unresolved}", which does not resolve` : p.compiler),
      hint: (p) =>
        'unresolved' in p
          ? /^[^./]/.test(p.unresolved)
            ? 'No package of that name is installed in the project: install it, or drop the import and give its components to every MDX page in the site definition: markdown: { mdx: { components: { Name } } }.'
            : 'Fix the path: it is read from the MDX file’s folder, as in the site’s own code.'
          : p.compiler.startsWith('<')
            ? 'Import it in the file, or give it to every MDX page in the site definition: markdown: { mdx: { components: { Name } } }.'
            : p.compiler.startsWith('No loader is configured for')
              ? 'MDX imports code, not images or other files: show an image as ![alt](./x.png) or <img src="./x.png">, read from the file’s folder and made responsive, or put the file in the public folder and name its URL.'
              : 'MDX is JSX inside Markdown: close every tag, and write { and < in text as {"{"} and &lt;.',
      cause:
        'an `.mdx` file does not compile: an MDX syntax error (an unclosed tag, a bare `<` or `{`), a component it uses but neither imports nor defines nor is given in `markdown.mdx.components`, or an import that does not resolve; at the file, line and column',
      fix: "fix it there (see the hint); imports are read from the MDX file's folder ([MDX](markdown.md#mdx))",
    }),
    'unsafe-file-type': entry<{ extension: string }>({
      severity: 'error',
      message: (p) => `A ${p.extension} file in the content folder would be published as it is, and content never runs code.`,
      hint: () => 'Put site code in the public folder, which is the site’s code, reviewed as code; or remove the file.',
      cause:
        'a file of the content folder that is neither Markdown nor a picture, video, sound, PDF, font or plain-data file: an `.html`, `.js`, `.mjs`, `.wasm`, `.xml`, `.xhtml`, `.svgz`, a file without extension… ([the list](security.md#content-and-symlinks))',
      fix: "put site code in the public folder, which is the site's code, reviewed as code; or remove the file",
    }),
    'symlink-outside-project': entry<{ target: string; into?: string; holds?: string }>({
      severity: 'error',
      message: (p) =>
        p.into
          ? `leads to ${p.target}, into ${p.into}/, which a build never reads from`
          : p.holds
            ? `leads to ${p.target}, a folder holding ${p.holds}/, which a build never reads from`
            : `leads to ${p.target}, outside the project: nothing outside the project is read or published`,
      hint: () => 'Copy the file into the content or public folder instead of linking to it, or remove the link.',
      cause:
        'a symlink under the content or public folder leads outside the project, or into `node_modules`, `.site-cache`, `.git`, `dist` or the output folder (or to a folder holding one); the message names the target',
      fix: 'copy the file into the project, or remove the link',
    }),
    'symlink-loop': entry<{ target: string }>({
      severity: 'error',
      message: (p) => `is a loop: it leads to ${JSON.stringify(p.target)}, back to itself or to a folder that holds it`,
      hint: () => 'Remove the link, or point it at a file or a folder that does not hold it.',
      cause: 'a symlink under the content or public folder leads to itself or to a folder that holds it',
      fix: 'remove the link, or point it elsewhere',
    }),
    'symlink-broken': entry<{ target: string; errno: string; missing?: boolean }>({
      severity: 'error',
      message: (p) => `leads to ${p.target}, which ${p.missing ? 'does not exist' : 'cannot be read'} (${p.errno})`,
      hint: () => 'Point the link at a file of the project, or remove it.',
      cause: 'a symlink under the content or public folder leads to nothing',
      fix: 'point it at a file of the project, or remove it',
    }),
    'broken-link': entry<{ draft?: string; file?: string; suggestion?: string; written?: string }>({
      severity: 'error',
      message: () => 'points at no page or file of the site',
      hint: (p) => {
        if (p.draft && p.file)
          return `${p.file} is a file of the draft ${p.draft} (draft: true), left out of this build with it: publish the draft by removing draft: true, or build with --drafts to preview it.`;
        if (p.draft)
          return `${p.draft} is a draft (draft: true), left out of this build: publish it by removing draft: true, or build with --drafts to preview it.`;
        if (!p.suggestion) return undefined;
        // A relative link gets a relative suggestion, with the page it resolves to.
        return p.written ? `did you mean "${p.written}" (${p.suggestion})?` : didYouMean(p.suggestion);
      },
      cause:
        "an internal link or image that points at no page or file of the build, or a malformed URL; a relative one is named with what it resolved to, against the Markdown file's folder",
      fix: 'fix the path (see the hint for the nearest file), or add the page ([page bundles](content.md#page-bundles))',
    }),
    'broken-anchor': entry<{ suggestion?: string; ids?: readonly string[]; more?: number }>({
      severity: 'error',
      message: () => 'points at an id its page does not have',
      hint: (p) => {
        if (p.suggestion) return `did you mean "#${p.suggestion}"?`;
        if (!p.ids?.length) return 'the page has no ids; link to the page itself, or give the element an id';
        return `the page's ids are ${p.ids.map((id) => `#${id}`).join(', ')}${p.more ? ` and ${p.more} more` : ''}`;
      },
      cause: 'a link to `#id` that does not exist on its page',
      fix: 'use an id the page has (headings get GitHub-style ids); see the hint',
    }),
    'mdx-not-enabled': entry<{ relative: string; collection?: string }>({
      severity: 'error',
      message: (p) =>
        p.collection
          ? `is MDX, which is code, and its collection "${p.collection}" does not take MDX`
          : 'is MDX, which is code, and no collection that takes MDX holds it',
      hint: (p) =>
        p.collection
          ? `Write it in Markdown (.md), or set mdx: true on the collection "${p.collection}" if the people who write there may change the site's code.`
          : `Write it in Markdown (.md), or give it a collection with mdx: true whose include matches "${p.relative}", if the people who write there may change the site's code.`,
      cause:
        'an `.mdx` file held by no collection that sets `mdx: true`: MDX runs code when the site is built, so a site takes it only where it says so ([MDX is code](security.md#mdx-is-code))',
      fix: 'write it in Markdown, or set `mdx: true` on the collection that should hold it',
    }),
    'mdx-import-refused': entry<{ specifier: string; kind: 'builtin' | 'absolute' | 'outside' | 'computed' }>({
      severity: 'error',
      message: (p) =>
        p.kind === 'builtin'
          ? `imports "${p.specifier}", a module of Node itself, which MDX may not import`
          : p.kind === 'absolute'
            ? `imports "${p.specifier}", an absolute path or URL, which MDX may not import`
            : p.kind === 'computed'
              ? `imports a module named by an expression, ${p.specifier}, which the build cannot check before it runs`
              : `imports "${p.specifier}", which lies outside the project, and MDX may not import it`,
      hint: (p) =>
        p.kind === 'computed'
          ? 'Name the module as a string, import("./a.ts"), so the build can check where it leads.'
          : "An MDX file imports only the project's own files (by a path read from its folder) and its packages: put what it needs (the file system, a command) in a component of the site's code and import that.",
      cause:
        "an `.mdx` file imports a Node built-in (`fs`, `child_process`, any `node:` module), an absolute path or URL, or a file outside the project (by `../`, a link or a `tsconfig` path), or calls `import()` with anything but a string; the site's own code files it imports are the site's code and are not checked",
      fix: "import a component of the site's code instead, which does that work",
    }),
    'mdx-inline-script': entry({
      severity: 'error',
      message: () =>
        "renders an inline <script> (by a component, an expression or dangerouslySetInnerHTML): the Content-Security-Policy allows only the engine's and the templates' own scripts",
      hint: () =>
        'Remove it, or the component that writes it: interactive parts belong in the site’s templates and islands, and data for an island goes in its props.',
      cause:
        "the HTML an `.mdx` file's body renders holds an executable inline `<script>` (data blocks such as `application/json` and `application/ld+json` are not): no hash is given to a script content wrote",
      fix: 'remove it: interactive parts belong in templates and [islands](islands.md)',
    }),
    'symlink-not-publishable': entry<{ target: string; what: 'dot-file' | 'source' | 'elsewhere' | 'folder' }>({
      severity: 'error',
      message: (p) =>
        p.what === 'dot-file'
          ? `leads to ${p.target}, a dot-file (a name starting with "."), which is never published`
          : p.what === 'source'
            ? `leads to ${p.target}, the site's source (its definition, templates or code), which is never published`
            : p.what === 'folder'
              ? `leads to ${p.target}, a folder: a link may lead to a file only, and a link to a folder is never followed`
              : `leads to ${p.target}, outside the content and public folders: a link may lead only to a file those folders publish`,
      hint: (p) =>
        p.what === 'folder'
          ? 'Move the folder into the content or public folder, or link its files one by one.'
          : 'Copy the file into the content or public folder instead of linking to it, or remove the link.',
      cause:
        'a symlink under the content or public folder leads to a file of the project that the build would not publish: a dot-file, the site definition, its templates or code, any other file outside the content and public folders; or to a folder',
      fix: 'copy what should be published into the content or public folder, or remove the link',
    }),
    'hard-link-outside': entry<{ names: number; found: number }>({
      severity: 'error',
      message: (p) =>
        `is a hard link: the file has ${p.names} names, and ${p.names - p.found === 1 ? 'one is' : `${p.names - p.found} are`} not in the content or public folder, so it may be a secret or the site's source`,
      hint: () => 'Copy the file (cp, not ln) into the content or public folder, so that it is a file of its own.',
      cause:
        "a file under the content or public folder has more names (hard links) than the build finds in those folders: its other names are elsewhere, perhaps a dot-file, the site's source or a file outside the project",
      fix: 'copy the file instead of hard-linking it',
    }),
    'data-syntax': entry<{ format: string; reason: string }>({
      severity: 'error',
      message: (p) => `The ${p.format} file cannot be read: ${p.reason}`,
      hint: (p) =>
        p.format === 'CSV'
          ? 'Give every row as many cells as the header has, and close every quote ("a, b" is one cell).'
          : `Fix the ${p.format} at the line and column given.`,
      cause:
        'a [data file](data.md) a collection holds is not valid JSON, YAML, TOML or CSV, or its top level is neither a set of fields nor a list of them, or it nests deeper than 100 levels',
      fix: 'fix the file at the line and column given',
    }),
    'data-id': entry<{ kind: 'missing'; field: string } | { kind: 'invalid'; field: string } | { kind: 'twice'; field: string }>({
      severity: 'error',
      message: (p) =>
        p.kind === 'missing'
          ? `The entry has no ${p.field}: each entry of a list or CSV file is named by it, and its URL ends with it.`
          : p.kind === 'twice'
            ? `Two entries of the file have the same ${p.field}, so they would have one URL.`
            : `The entry's ${p.field} cannot end a URL: it must be letters, digits, "-", "_" or ".", not starting with ".".`,
      hint: (p) =>
        p.kind === 'twice'
          ? `Give each entry its own ${p.field}.`
          : `Give the entry a value for ${p.field}, such as "alice-smith", or name the field that identifies entries in the collection's idField.`,
      cause:
        "an entry of a list or CSV [data file](data.md), or of a loader, has no `id` (or the collection's `idField`), has one twice in the file, or has one that cannot end a URL",
      fix: 'give each entry its own id of letters, digits, `-`, `_` and `.`',
    }),
    'loader-failed': entry<{ collection: string; reason: string }>({
      severity: 'error',
      message: (p) => `The loader of the collection "${p.collection}" failed: ${p.reason}`,
      hint: (p) =>
        `Check the source it reads (a server, a database, a key), or set cacheOnError: true on "${p.collection}" to build from its last result. Run with --verbose to see the stack.`,
      cause:
        "a collection's [`load()`](data.md#loaders) threw or rejected, or returned something other than a list of `{ id, data, body? }`, and no cached result could stand in",
      fix: 'fix what the loader reads; `--offline` or `cacheOnError: true` builds from its last result',
    }),
  },
});
