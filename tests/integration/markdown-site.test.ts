import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';

// A copy of the guide's Markdown example (docs/examples/markdown), edited between builds into one
// folder with the build cache on: what an edit must re-render, it re-renders, and nothing else.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-markdown-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const root = path.join(work, 'site');
fs.cpSync(path.resolve('docs/examples/markdown'), root, { recursive: true, filter: (file) => !file.includes('.site-cache') });
// Its packages (rehype-external-links) are the engine's, as an installed site's would be its own.
fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
const out = path.join(work, 'dist');
const options = { threads: 0, socialImages: false, cache: { dir: path.join(work, 'cache') } } as const;

const edit = (relative: string, change: (text: string) => string) => {
  const file = path.join(root, relative);
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
};
/** Edits the site definition for one test: the function returned puts it back. */
const editSite = (change: (text: string) => string) => {
  const file = path.join(root, 'site.config.tsx');
  const before = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, change(before));
  return () => fs.writeFileSync(file, before);
};
const page = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');
const SLOW = 120_000;

describe('Markdown and MDX in incremental builds', () => {
  it(
    're-renders the MDX page whose imported component changed, and only it',
    async () => {
      const first = await build(await loadSite(root), diskWriter(out), options);
      expect(first.diagnostics).toEqual([]);
      expect(page('notes/counting/index.html')).toContain('<aside class="callout">');
      edit('components/Callout.tsx', (text) =>
        text.replace('<aside className="callout">', '<aside className="callout" aria-label="Note">'),
      );
      const second = await build(await loadSite(root), diskWriter(out), options);
      expect(second.diagnostics).toEqual([]);
      expect(second.pages?.rendered).toBe(1);
      expect(page('notes/counting/index.html')).toContain('<aside class="callout" aria-label="Note">');
    },
    SLOW,
  );

  it(
    're-renders pages when a plugin’s options change in the site definition',
    async () => {
      edit('site.config.tsx', (text) => text.replace("value: ' ↗'", "value: ' (another site)'"));
      const result = await build(await loadSite(root), diskWriter(out), options);
      expect(result.diagnostics).toEqual([]);
      expect(page('index.html')).toContain('unified collective<span> (another site)</span></a>');
    },
    SLOW,
  );

  it(
    'reports a plugin that throws at each file it failed on, naming its field and where the site names it',
    async () => {
      const restore = editSite((text) =>
        text.replace(
          "value: ' (another site)' } }]],",
          "value: ' (another site)' } }], function rehypeBroken() {\n      return () => {\n        throw new Error('no tree for me');\n      };\n    }],",
        ),
      );
      try {
        const result = await build(await loadSite(root), diskWriter(out), options);
        const facts = result.diagnostics.map(({ code, file, line, field, message, hint }) => ({
          code,
          file: path.relative(root, file!),
          line,
          field,
          message,
          hint,
        }));
        // The MDX page is compiled before any page renders: its failure is the one reported.
        expect(facts).toEqual([
          {
            code: 'markdown-plugin-failed',
            file: 'content/notes/counting.mdx',
            line: 5,
            field: 'markdown.rehypePlugins[1]',
            message: "the site's plugin markdown.rehypePlugins[1] (rehypeBroken) threw while compiling this file: no tree for me",
            hint: 'The plugin is at fault, or the content is something it does not expect. Run with --verbose to see the stack. The site names the plugin at site.config.tsx:37.',
          },
        ]);
        // Without the MDX page, the Markdown pages render, and each reports it.
        fs.renameSync(path.join(root, 'content/notes/counting.mdx'), path.join(work, 'counting.mdx'));
        const markdown = await build(await loadSite(root), diskWriter(out), options);
        // (The not-found page renders twice, as /404 and as 404.html: the same report twice.)
        expect(
          [...new Set(markdown.diagnostics.map((d) => JSON.stringify([d.code, path.relative(root, d.file!), d.line, d.field])))]
            .map((d) => JSON.parse(d))
            .sort(),
        ).toEqual([
          ['markdown-plugin-failed', 'content/404.md', 5, 'markdown.rehypePlugins[1]'],
          ['markdown-plugin-failed', 'content/index.md', 5, 'markdown.rehypePlugins[1]'],
        ]);
      } finally {
        restore();
        if (fs.existsSync(path.join(work, 'counting.mdx')))
          fs.renameSync(path.join(work, 'counting.mdx'), path.join(root, 'content/notes/counting.mdx'));
      }
    },
    SLOW,
  );

  it(
    'reports the warnings a plugin gives at their lines in Markdown and MDX files, and still builds every page',
    async () => {
      const restore = editSite((text) =>
        text.replace(
          '  markdown: {\n',
          "  markdown: {\n    remarkPlugins: [function remarkSummaryFirst() {\n      return (tree: any, file: any) => {\n        const first = tree.children.find((node: any) => node.type === 'paragraph');\n        if (first) file.message('Begin with a summary', { place: first.position, ruleId: 'summary-first' });\n      };\n    }],\n",
        ),
      );
      try {
        const result = await build(await loadSite(root), diskWriter(out), options);
        expect(result.written).toBeDefined();
        // (The not-found page renders twice, as /404 and as 404.html: the same report twice.)
        const facts = [
          ...new Set(result.diagnostics.map((d) => JSON.stringify([d.code, d.severity, path.relative(root, d.file!), d.line, d.field]))),
        ]
          .map((d) => JSON.parse(d))
          .sort();
        // The MDX file's first paragraph is on line 9, after its imports.
        expect(facts).toEqual([
          ['markdown-plugin-message', 'warning', 'content/404.md', 5, 'markdown.remarkPlugins[0]'],
          ['markdown-plugin-message', 'warning', 'content/index.md', 5, 'markdown.remarkPlugins[0]'],
          ['markdown-plugin-message', 'warning', 'content/notes/counting.mdx', 9, 'markdown.remarkPlugins[0]'],
        ]);
        expect(result.diagnostics[0]!.message).toBe(
          "the site's plugin markdown.remarkPlugins[0] (remarkSummaryFirst) says: Begin with a summary (summary-first)",
        );
      } finally {
        restore();
      }
    },
    SLOW,
  );

  it(
    'reports MDX mistakes at their file, line and column, and writes nothing',
    async () => {
      const mdx = fs.readFileSync(path.join(root, 'content/notes/counting.mdx'), 'utf8');
      fs.writeFileSync(
        path.join(root, 'content/notes/unknown.mdx'),
        mdx.replace('<Callout>This', '<Calout>This').replace('</Callout>', '</Calout>'),
      );
      fs.writeFileSync(
        path.join(root, 'content/notes/missing.mdx'),
        mdx.replace('../../components/Callout.tsx', '../../components/Callot.tsx'),
      );
      fs.writeFileSync(path.join(root, 'content/notes/syntax.mdx'), mdx.replace('This button is an island', 'This button <is an island'));
      const before = page('index.html');
      const result = await build(await loadSite(root), diskWriter(out), options);
      const facts = result.diagnostics.map(({ code, file, line, column, message }) => ({
        code,
        file: path.relative(root, file!),
        line,
        column,
        message: message.slice(0, 40),
      }));
      expect(facts).toEqual([
        {
          code: 'invalid-mdx',
          file: 'content/notes/missing.mdx',
          line: 6,
          column: 22,
          message: 'imports "../../components/Callot.tsx", w',
        },
        {
          code: 'invalid-mdx',
          file: 'content/notes/syntax.mdx',
          line: 13,
          column: 54,
          message: 'Unexpected character `.` (U+002E) in att',
        },
        {
          code: 'invalid-mdx',
          file: 'content/notes/unknown.mdx',
          line: 11,
          column: 1,
          message: '<Calout> is not imported or defined in t',
        },
      ]);
      expect(page('index.html')).toBe(before);
    },
    SLOW,
  );
});
