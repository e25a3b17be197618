import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { SiteDefinitionError } from '../../src/diagnostics/config-error.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { codeFolder } from '../../src/site/code.ts';
import { loadSite } from '../../src/site/load.ts';
import { createSite } from '../../templates/site.ts';
import { smallSiteWith } from '../helpers/fixture-site.ts';

// Issue 39, hole 1: MDX dropped into a site ran anything at build time (Node's modules, files
// outside the project) and in the browser (a script the Content-Security-Policy hashed). Each
// attack is built in a copy of the guide's Markdown example (docs/examples/markdown), whose
// collection takes MDX (`mdx: true`), and must be refused at its line with nothing run or written.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mdx-attack-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const root = path.join(work, 'site');
fs.cpSync(path.resolve('docs/examples/markdown'), root, { recursive: true, filter: (file) => !file.includes('.site-cache') });
fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
const options = { threads: 0, socialImages: false, cache: { dir: path.join(work, 'cache') } } as const;
/** A file each attack that runs writes: it must never appear. */
const marker = path.join(work, 'ran');
// A module outside the project, which an MDX file reaches by `../`.
fs.writeFileSync(
  path.join(work, 'outside.js'),
  `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'outside');\nexport default 1;\n`,
);

// A link inside the project to that module: what counts is where an import really leads.
fs.mkdirSync(path.join(root, 'lib'));
fs.symlinkSync(path.join(work, 'outside.js'), path.join(root, 'lib/outside-link.js'));

// A component of the site's code that runs what it is given, through a part shared between pages
// (`memo`, rendered once per build and filled in after the page): used from MDX, the script is content's.
fs.writeFileSync(
  path.join(root, 'components/RunCode.tsx'),
  [
    "import { memo } from 'react';",
    'const Script = memo(function Script({ code }: { code: string }) {',
    '  return <script dangerouslySetInnerHTML={{ __html: code }} />;',
    '});',
    'export default function RunCode({ code }: { code: string }) {',
    '  return <Script code={code} />;',
    '}',
    '',
  ].join('\n'),
);

const FRONT = '---\ntitle: Attack\ndescription: An MDX file that tries to escape.\n---\n';
const notes = path.join(root, 'content/notes');
/** The body of a dropped leak.mdx: it writes the marker as soon as its module is imported. */
const LEAK = `import { writeFileSync } from 'node:fs';\n\nexport const ran = writeFileSync(${JSON.stringify(marker)}, 'ran');\n`;

/** An MDX body that renders a data block, which runs nothing: it must pass. */
const DATA_BLOCK = `export const Data = () => <script type="application/json" dangerouslySetInnerHTML={{ __html: '{"a":1}' }} />;\n\nSome data.\n\n<Data />\n`;

/** Runs `test` with the example's site definition changed by `change`, then puts it back. */
async function withSiteConfig(change: (text: string) => string, test: () => Promise<void>): Promise<void> {
  const config = path.join(root, 'site.config.tsx');
  const before = fs.readFileSync(config, 'utf8');
  fs.writeFileSync(config, change(before));
  try {
    await test();
  } finally {
    fs.writeFileSync(config, before);
  }
}

/** Builds the example with these MDX files in content/notes (removed afterwards): each diagnostic as `file:line code field`. */
async function buildWith(files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(notes, name), FRONT + body);
  try {
    const writer = memoryWriter();
    const result = await build(await loadSite(root), writer, options);
    const found = result.diagnostics.map((d) => `${path.relative(root, d.file ?? '')}:${d.line} ${d.code} ${d.field ?? ''}`.trim());
    return { result, writer, found };
  } finally {
    for (const name of Object.keys(files)) fs.rmSync(path.join(notes, name));
  }
}

const SLOW = 120_000;

describe('MDX that would reach the machine', () => {
  it(
    "refuses an MDX file's imports of Node's modules, absolute paths and files outside the project at their lines, and runs none",
    async () => {
      const { result, writer, found } = await buildWith({
        'leak-fs.mdx': `import { readFileSync, writeFileSync } from 'node:fs';\n\nexport const environ = writeFileSync(${JSON.stringify(marker)}, readFileSync('/proc/self/environ'));\n\nSome text.\n`,
        'leak-exec.mdx': `Text first.\n\nimport { execSync } from 'child_process';\n\nexport const id = execSync('id > ${marker}').toString();\n\n{id}\n`,
        'leak-absolute.mdx': `import passwd from '/etc/passwd';\n\n{passwd}\n`,
        'leak-outside.mdx': `import outside from '../../../outside.js';\n\n{outside}\n`,
        'leak-link.mdx': `import outside from '../../lib/outside-link.js';\n\n{outside}\n`,
        'leak-dynamic.mdx': `export const files = await import("fs/promises");\n\n{typeof files}\n`,
        // A module named by an expression, which no resolver sees: in an export and in an attribute.
        'leak-computed.mdx': `Text.\n\nexport const files = await import(['node', 'fs'].join(':'));\n\n<span title={String(import(globalThis.name))}>x</span>\n`,
        // Every mistake of one file at once: its import, and a handler in its text.
        'leak-both.mdx': `import fs from 'node:fs';\n\n<p onclick="alert(1)">{typeof fs}</p>\n`,
        // A package of the project is the project's own: no error.
        'package.mdx': `import rehypeExternalLinks from 'rehype-external-links';\n\n{typeof rehypeExternalLinks}\n`,
      });
      expect(found).toEqual([
        'content/notes/leak-absolute.mdx:5 mdx-import-refused import',
        'content/notes/leak-both.mdx:5 mdx-import-refused import',
        'content/notes/leak-both.mdx:7 unsafe-content <p onclick>',
        'content/notes/leak-computed.mdx:7 mdx-import-refused import',
        'content/notes/leak-computed.mdx:9 mdx-import-refused import',
        'content/notes/leak-dynamic.mdx:5 mdx-import-refused import',
        'content/notes/leak-exec.mdx:7 mdx-import-refused import',
        'content/notes/leak-fs.mdx:5 mdx-import-refused import',
        'content/notes/leak-link.mdx:5 mdx-import-refused import',
        'content/notes/leak-outside.mdx:5 mdx-import-refused import',
      ]);
      const messages = result.diagnostics.map((d) => d.message);
      expect(messages).toContain('imports "node:fs", a module of Node itself, which MDX may not import');
      expect(messages).toContain('imports "child_process", a module of Node itself, which MDX may not import');
      expect(messages).toContain('imports "/etc/passwd", an absolute path or URL, which MDX may not import');
      expect(messages).toContain('imports "../../../outside.js", which lies outside the project, and MDX may not import it');
      expect(messages).toContain('imports a module named by an expression, import(…), which the build cannot check before it runs');
      expect(result.diagnostics[0]!.hint).toMatch(/component of the site's code/);
      expect(fs.existsSync(marker)).toBe(false);
      expect(writer.files.size).toBe(0);
    },
    SLOW,
  );
});

describe('MDX bundles kept from before the checks', () => {
  it(
    'bundles an MDX file again rather than reuse a bundle an engine without the checks kept, and refuses it',
    async () => {
      // What an engine before the checks left in the code folder for leak.mdx: its bundle (which
      // writes the marker when imported) and the list that says it is up to date, under the key
      // `bundleSiteCode` gave it then (format 1, the MDX file, the site's code hash).
      const file = path.join(notes, 'leak.mdx');
      fs.writeFileSync(file, FRONT + LEAK);
      try {
        const site = await loadSite(root);
        const folder = codeFolder(root);
        fs.mkdirSync(folder, { recursive: true });
        const bundle = path.join(folder, 'mdx-kept-0000000000000000.mjs');
        fs.writeFileSync(
          bundle,
          `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'kept');\nexport default () => null;\n`,
        );
        const key = createHash('sha256').update(`1\n${file}\n${site.code!.hash}`).digest('hex').slice(0, 16);
        const stat = fs.statSync(file);
        fs.writeFileSync(
          path.join(folder, `${key}.json`),
          JSON.stringify({ file: bundle, hash: 'kept', inputs: [[file, stat.size, stat.mtimeMs]] }),
        );
        const result = await build(site, memoryWriter(), options);
        expect(result.diagnostics.map((d) => `${path.relative(root, d.file!)}:${d.line} ${d.code}`)).toEqual([
          'content/notes/leak.mdx:5 mdx-import-refused',
        ]);
        expect(fs.existsSync(marker)).toBe(false);
      } finally {
        fs.rmSync(file);
      }
    },
    SLOW,
  );
});

describe('MDX that would run in the browser', () => {
  it(
    'refuses a <script>, an event handler and a javascript: URL written in MDX at their lines, with the Markdown checks’ codes',
    async () => {
      const { writer, found } = await buildWith({
        'script.mdx': `Some text.\n\n<script>{'alert(1)'}</script>\n`,
        'handler.mdx': `Some text.\n\n<p onclick="alert(1)">Click</p>\n\nAn <img src="/a.png" alt="" onError={'alert(2)'} /> inline.\n`,
        'href.mdx': `<a href="javascript:alert(1)">one</a>\n\n<a href={'JavaScript:alert(2)'}>two</a>\n\n[three](javascript:alert(3))\n`,
      });
      expect(found).toEqual([
        'content/notes/handler.mdx:7 unsafe-content <p onclick>',
        'content/notes/handler.mdx:9 unsafe-content <img onerror>',
        'content/notes/href.mdx:9 unsafe-url link',
        'content/notes/href.mdx:5 unsafe-url <a href>',
        'content/notes/href.mdx:7 unsafe-url <a href>',
        'content/notes/script.mdx:7 unsafe-content <script>',
      ]);
      expect(writer.files.size).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses an executable inline script an MDX body renders (dangerouslySetInnerHTML, its own component, an island, a shared site component), and lets data blocks through',
    async () => {
      const { writer, found } = await buildWith({
        'inner.mdx': `Some text.\n\n<div dangerouslySetInnerHTML={{ __html: '<script>alert(1)</script>' }} />\n`,
        'component.mdx': `export const Run = () => <script dangerouslySetInnerHTML={{ __html: 'alert(2)' }} />;\n\nSome text.\n\n<Run />\n`,
        'island.mdx': `import { Island } from 'stillsite';\n\nexport const Run = () => <div><script dangerouslySetInnerHTML={{ __html: 'alert(3)' }} /></div>;\n\n<Island name="Counter" component={Run} props={{}} />\n`,
        'shared.mdx': `import RunCode from '../../components/RunCode.tsx';\n\nSome text.\n\n<RunCode code="alert(4)" />\n`,
        'data.mdx': DATA_BLOCK,
      });
      expect(found.sort()).toEqual([
        'content/notes/component.mdx:5 mdx-inline-script <script>',
        'content/notes/inner.mdx:7 mdx-inline-script <script>',
        'content/notes/island.mdx:7 mdx-inline-script <script>',
        'content/notes/shared.mdx:5 mdx-inline-script <script>',
      ]);
      expect(writer.files.size).toBe(0);
    },
    SLOW,
  );

  it(
    'builds a page whose MDX renders a data block, which runs nothing: the check refuses scripts, not data, and the policy hashes none',
    async () => {
      const { result, writer } = await buildWith({
        'data.mdx': DATA_BLOCK,
      });
      expect(result.diagnostics).toEqual([]);
      const headers = Buffer.from(writer.files.get('_headers')!).toString('utf8');
      expect(headers).toContain("script-src 'self'");
      expect(headers).not.toMatch(/script-src[^\n]*sha256/);
    },
    SLOW,
  );
});

describe('MDX only where the site takes it', () => {
  it(
    'refuses an .mdx file in a collection without mdx: true, naming the option, before compiling it',
    async () => {
      await withSiteConfig(
        (text) => text.replace('mdx: true,', ''),
        async () => {
          const { result, found } = await buildWith({ 'leak.mdx': LEAK });
          // The example's own MDX page too, though the build before (with the same cache) took it.
          expect(found).toEqual(['content/notes/counting.mdx:1 mdx-not-enabled', 'content/notes/leak.mdx:1 mdx-not-enabled']);
          const refused = result.diagnostics.find((d) => d.file?.endsWith('leak.mdx'))!;
          expect(refused.message).toBe('is MDX, which is code, and its collection "pages" does not take MDX');
          expect(refused.hint).toContain('set mdx: true on the collection "pages"');
          expect(fs.existsSync(marker)).toBe(false);
        },
      );
    },
    SLOW,
  );

  it(
    'checks the option in the site definition: mdx is true or false',
    async () => {
      await withSiteConfig(
        (text) => text.replace('mdx: true,', "mdx: 'yes',"),
        async () => {
          const error = (await loadSite(root).catch((thrown: unknown) => thrown)) as SiteDefinitionError;
          expect(error).toBeInstanceOf(SiteDefinitionError);
          expect(error.diagnostics.map((d) => [d.code, d.field, d.line, d.actual])).toEqual([
            ['invalid-type', 'collections[0].mdx', 25, '"yes"'],
          ]);
        },
      );
    },
    SLOW,
  );

  it(
    'refuses a leak.mdx dropped into the firm’s content, which takes no MDX',
    async () => {
      const { root: firm, content } = smallSiteWith();
      try {
        fs.writeFileSync(path.join(content, 'leak.mdx'), `---\ntitle: Leak\n---\n${LEAK}`);
        const writer = memoryWriter();
        const result = await build(createSite(content), writer);
        const refused = result.diagnostics.filter((d) => d.code === 'mdx-not-enabled');
        expect(refused.map((d) => [path.relative(firm, d.file!), d.line, d.message])).toEqual([
          ['content/leak.mdx', 1, 'is MDX, which is code, and no collection that takes MDX holds it'],
        ]);
        expect(refused[0]!.hint).toContain('mdx: true');
        expect(fs.existsSync(marker)).toBe(false);
        expect(writer.files.size).toBe(0);
      } finally {
        fs.rmSync(firm, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
