import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';

// A copy of the guide's documentation-site example (docs/examples/documentation-site), built in
// memory: what a docs site written in MDX needs without plugins of its own (issue 40).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-docs-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const root = path.join(work, 'site');
fs.cpSync(path.resolve('docs/examples/documentation-site'), root, { recursive: true, filter: (file) => !file.includes('.site-cache') });
const SLOW = 120_000;

async function buildCopy() {
  const writer = memoryWriter();
  const result = await build(await loadSite(root), writer, { threads: 0, socialImages: false, cache: { dir: path.join(work, 'cache') } });
  const page = (file: string) => new TextDecoder().decode(writer.files.get(file));
  return { result, page, files: writer.files };
}

/** Writes a content file for one test: the function returned removes it. */
function withFile(relative: string, text: string): () => void {
  const file = path.join(root, relative);
  fs.writeFileSync(file, text);
  return () => fs.rmSync(file);
}

describe('MDX components for every page (markdown.mdx.components)', () => {
  it(
    'draws a component no page imports, maps standard elements, and lets a page’s import win',
    async () => {
      const { result, page } = await buildCopy();
      expect(result.diagnostics).toEqual([]);
      const home = page('index.html');
      expect(home).toContain('<aside class="note note-tip"><p class="note-label">Tip</p>');
      // `a` is drawn by the site's DocLink, after the engine's link pass gave it rel and target.
      expect(home).toContain('<a href="https://mdxjs.com" rel="noopener noreferrer" target="_blank" class="external">');
      expect(home).toContain('<a href="/guide/code-blocks">');
      // The page imports its own Badge: the site's Badge is not used.
      expect(home).toContain('<strong class="badge-imported">imported</strong>');
      expect(home).not.toContain('class="badge"');
    },
    SLOW,
  );

  it(
    'reports a component neither imported nor given at its line, with a hint naming the option',
    async () => {
      const remove = withFile(
        'content/unknown.mdx',
        '---\ntitle: Unknown\ndescription: A component nobody gives.\n---\nText.\n\n<Nte>Hello</Nte>\n',
      );
      try {
        const { result } = await buildCopy();
        expect(result.diagnostics.map(({ code, line, message, hint }) => ({ code, line, message, hint }))).toEqual([
          {
            code: 'invalid-mdx',
            line: 7,
            message: '<Nte> is not imported or defined in this file, nor given in markdown.mdx.components; did you mean <Note>?',
            hint: 'Import it in the file, or give it to every MDX page in the site definition: markdown: { mdx: { components: { Name } } }.',
          },
        ]);
      } finally {
        remove();
      }
    },
    SLOW,
  );
});

describe('highlighting everywhere', () => {
  it(
    'highlights a fence wherever it stands in MDX: in components, lists, quotes, <details>, nested elements',
    async () => {
      const { page } = await buildCopy();
      const home = page('index.html');
      const blocks = [...home.matchAll(/<pre[^>]*>/g)].map((m) => m[0]);
      // In <Note>, a list item, a <Note> in a list item, a blockquote, <details>, a <Note> in a <div>.
      expect(blocks.map((open) => /data-language="(\w+)"/.exec(open)?.[1])).toEqual([
        'shellscript',
        'markdown',
        'shellscript',
        'javascript',
        'typescript',
        'css',
      ]);
      for (const open of blocks) expect(open).toContain('class="shiki"');
    },
    SLOW,
  );
});

describe('code blocks as docs sites write them (markdown.shiki.meta)', () => {
  it(
    'draws titles and marks in MDX, links the code stylesheet, which follows the site’s toggle',
    async () => {
      const { page, files } = await buildCopy();
      const guide = page('guide/code-blocks/index.html');
      expect(guide).toContain('<figure class="code-block"><figcaption class="code-title">src/App.js</figcaption><pre class="shiki"');
      expect(guide).toContain('<figcaption class="code-title">counter.js</figcaption><pre class="shiki has-diff line-numbers"');
      expect(guide).toContain('<mark class="line highlighted">');
      expect(guide).toContain('<pre class="shiki has-diff" tabindex="0" data-language="diff">');
      expect(guide).not.toContain('style=');
      const sheet = /<link rel="stylesheet" href="\/(assets\/code-\w+\.css)"\/>/.exec(guide)?.[1];
      expect(sheet, 'the code stylesheet is linked').toBeDefined();
      const css = new TextDecoder().decode(files.get(sheet!));
      expect(css).toContain(':root:is([data-theme="dark"]) pre.shiki{background-color:#0d1117');
      // The copy button's island: its JavaScript on the pages that show code, and only on those.
      expect(guide).toContain('<div data-island="CopyCode" data-props="{}"><button type="button" class="copy-code">Copy</button></div>');
      expect(guide).toContain('<script type="module"');
      expect(page('guide/images/index.html')).not.toContain('<script');
      expect(page('guide/headings/index.html')).not.toContain('<script');
    },
    SLOW,
  );
});

describe('headings as data', () => {
  it(
    'gives templates each page’s headings, custom ids in Markdown and in MDX’s two forms',
    async () => {
      const { page } = await buildCopy();
      const toc = (html: string) => /<nav aria-label="On this page" class="toc">.*?<\/nav>/.exec(html)?.[0];
      expect(toc(page('guide/code-blocks/index.html'))).toBe(
        '<nav aria-label="On this page" class="toc"><ul><li class="toc-2"><a href="#titles">Titles and marked lines</a></li><li class="toc-2"><a href="#changes">Inserted &amp; deleted lines</a></li><li class="toc-3"><a href="#diff">A diff</a></li></ul></nav>',
      );
      expect(page('guide/code-blocks/index.html')).toContain('<h3 id="diff">A diff</h3>');
      expect(toc(page('guide/headings/index.html'))).toContain('<a href="#setup">Install it</a>');
      expect(page('guide/headings/index.html')).toContain('<h2 id="setup">Install it</h2>');
    },
    SLOW,
  );
});

describe('images in MDX', () => {
  it(
    'draws Markdown images and <img> as the responsive <picture> of .md, from the file’s folder, only the first eager',
    async () => {
      const { page } = await buildCopy();
      const html = page('guide/images/index.html');
      const pictures = [...html.matchAll(/<picture>.*?<\/picture>/g)].map((m) => m[0]);
      expect(pictures).toHaveLength(2);
      for (const picture of pictures) {
        expect(picture).toContain('<source type="image/avif" srcSet="/assets/images/shore-400.');
        expect(picture).toMatch(/<img src="\/assets\/images\/shore-960\.\w+\.png" alt="[^"]+" width="960" height="540"/);
      }
      expect(pictures[0]).not.toContain('loading="lazy"');
      expect(pictures[1]).toContain('loading="lazy" decoding="async"');
      // No image is left as written, so none is preloaded but by the browser's own choice of the first.
      expect(html).not.toContain('src="../images/shore.png"');
      expect(html).not.toContain('rel="preload" as="image"');
    },
    SLOW,
  );
});

describe('preloads of an MDX page', () => {
  it(
    'are none of the images a component draws: React writes one per eager <img>, and they landed inside <main>',
    async () => {
      const removeComponent = withFile(
        'components/Gallery.tsx',
        'export function Gallery() {\n  return <p><img src="/images/shore.png" alt="a" /><img src="/images/shore.png?b" alt="b" /><img src="/images/shore.png?c" alt="c" /></p>;\n}\n',
      );
      const removePage = withFile(
        'content/guide/gallery.mdx',
        "---\ntitle: Gallery\ndescription: Three images a component draws.\n---\nimport { Gallery } from '../../components/Gallery.tsx';\n\n<Gallery />\n",
      );
      try {
        const { result, page } = await buildCopy();
        expect(result.diagnostics).toEqual([]);
        const html = page('guide/gallery/index.html');
        expect(html.match(/<img /g)).toHaveLength(3);
        expect(html).not.toContain('rel="preload" as="image"');
      } finally {
        removePage();
        removeComponent();
      }
    },
    SLOW,
  );
});

describe('errors in what an MDX page draws', () => {
  it(
    'are one per missing image (not one more for its preload), at the line where the component or element is written',
    async () => {
      const lines = [
        '---',
        'title: Broken',
        'description: A page with mistakes.',
        '---',
        'Intro.',
        '',
        '![A missing picture](/images/missing.png)',
        '',
        '<Note kind="tip">',
        '  <a href="/guide/nowhere">a link written inside a component</a>',
        '</Note>',
      ];
      const remove = withFile('content/guide/broken.mdx', `${lines.join('\n')}\n`);
      try {
        const { result } = await buildCopy();
        const found = result.diagnostics.map((d) => [d.code, path.relative(root, d.file ?? ''), d.line, d.actual]);
        expect(found).toEqual([
          [
            'broken-link',
            'content/guide/broken.mdx',
            lines.indexOf('![A missing picture](/images/missing.png)') + 1,
            '"/images/missing.png"',
          ],
          [
            'broken-link',
            'content/guide/broken.mdx',
            lines.indexOf('  <a href="/guide/nowhere">a link written inside a component</a>') + 1,
            '"/guide/nowhere"',
          ],
        ]);
      } finally {
        remove();
      }
    },
    SLOW,
  );
});

describe('the copy button’s island', () => {
  it(
    'must be one the site declares',
    async () => {
      const file = path.join(root, 'site.config.tsx');
      const before = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, before.replace("copyButton: 'CopyCode'", "copyButton: 'CopyCod'"));
      try {
        await expect(loadSite(root)).rejects.toThrow(/markdown\.shiki\.copyButton[\s\S]*CopyCode/);
      } finally {
        fs.writeFileSync(file, before);
      }
    },
    SLOW,
  );
});

describe('an optional description', () => {
  it(
    'leaves the description meta out of a page that has none, rather than writing it empty',
    async () => {
      const file = path.join(root, 'site.config.tsx');
      const before = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, before.replace('description: z.string().min(1) }', 'description: z.string().optional() }'));
      const remove = withFile('content/undescribed.md', '---\ntitle: Undescribed\n---\nA page without a description.\n');
      try {
        const { result, page } = await buildCopy();
        expect(result.diagnostics).toEqual([]);
        const html = page('undescribed/index.html');
        expect(html).toContain('<meta property="og:title" content="Undescribed"/>');
        expect(html).not.toContain('name="description"');
        expect(html).not.toContain('og:description');
        expect(page('index.html')).toContain('<meta name="description" content="A documentation site written in MDX');
      } finally {
        remove();
        fs.writeFileSync(file, before);
      }
    },
    SLOW,
  );
});

describe('GitHub-flavoured Markdown in MDX, as in Markdown', () => {
  it(
    'draws a table, a task list and struck-through text in an .mdx page',
    async () => {
      const remove = withFile(
        'content/guide/tables.mdx',
        [
          '---',
          'title: Tables',
          'description: A table in MDX.',
          '---',
          '',
          '| Option | Default |',
          '| --- | ---: |',
          '| `threads` | 2 |',
          '',
          '- [x] done',
          '- [ ] to do',
          '',
          'This is ~~gone~~.',
          '',
        ].join('\n'),
      );
      try {
        const { result, page } = await buildCopy();
        expect(result.diagnostics).toEqual([]);
        const html = page('guide/tables/index.html');
        expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Option<\/th>\s*<th align="right">Default<\/th>/);
        expect(html).toContain('<td><code>threads</code></td>');
        expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" checked=""/>');
        expect(html).toContain('<del>gone</del>');
      } finally {
        remove();
      }
    },
    SLOW,
  );
});

describe('an import of a package the project lacks', () => {
  it(
    'is invalid-mdx at its line, naming the package, not a crash when the page renders',
    async () => {
      const remove = withFile(
        'content/guide/starlight.mdx',
        [
          '---',
          'title: Ported',
          'description: A page ported from Starlight.',
          '---',
          "import { Card } from '@astrojs/starlight/components';",
          '',
          '<Card title="Hello">Text</Card>',
          '',
        ].join('\n'),
      );
      try {
        const { result } = await buildCopy();
        const errors = result.diagnostics.filter((d) => d.severity === 'error');
        expect(errors).toEqual([
          expect.objectContaining({
            code: 'invalid-mdx',
            file: path.join(root, 'content/guide/starlight.mdx'),
            line: 5,
            message: expect.stringContaining('imports "@astrojs/starlight/components", which does not resolve'),
            hint: expect.stringContaining('No package of that name is installed'),
          }),
        ]);
      } finally {
        remove();
      }
    },
    SLOW,
  );
});

describe('an image imported as a module', () => {
  it(
    'is invalid-mdx at the import, with a hint to show it as an image of the site',
    async () => {
      const remove = withFile(
        'content/guide/imported-image.mdx',
        [
          '---',
          'title: Imported image',
          'description: An image imported as Astro does.',
          '---',
          '',
          "import shore from '../images/shore.png';",
          '',
          '<img src={shore} alt="The shore" />',
          '',
        ].join('\n'),
      );
      try {
        const { result } = await buildCopy();
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([
          expect.objectContaining({
            code: 'invalid-mdx',
            file: path.join(root, 'content/guide/imported-image.mdx'),
            line: 6,
            hint: expect.stringContaining('MDX imports code, not images or other files: show an image as ![alt](./x.png)'),
          }),
        ]);
      } finally {
        remove();
      }
    },
    SLOW,
  );
});

describe('a link a component’s own code holds', () => {
  it(
    'is reported at its line in the component, once for all the pages that use it',
    async () => {
      const component = ['export function Shelf() {', '  return <a href="/guide/gone">More</a>;', '}'];
      const removeComponent = withFile('components/Shelf.tsx', `${component.join('\n')}\n`);
      const page = (title: string) =>
        `---\ntitle: ${title}\ndescription: A page with a shelf.\n---\nimport { Shelf } from '../../components/Shelf.tsx';\n\nText.\n\n<Shelf />\n`;
      const removeFirst = withFile('content/guide/shelf-one.mdx', page('One'));
      const removeSecond = withFile('content/guide/shelf-two.mdx', page('Two'));
      try {
        const { result } = await buildCopy();
        const found = result.diagnostics.map((d) => [d.code, path.relative(root, d.file ?? ''), d.line, d.actual, d.field]);
        expect(found).toEqual([
          [
            'broken-link',
            'components/Shelf.tsx',
            2,
            '"/guide/gone"',
            '<a href> written in this component, on /guide/shelf-one and 1 other page',
          ],
        ]);
      } finally {
        removeSecond();
        removeFirst();
        removeComponent();
      }
    },
    SLOW,
  );
});
