import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer, stopDevServer } from '../e2e/global-setup.ts';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { bundleSiteCode, codeFolder } from '../../src/site/code.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { loadSite, loadSiteBundle } from '../../src/site/load.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-code-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const bin = path.resolve('bin/site');

/**
 * A site in a folder of its own, as a user would make one: its package.json, a tsconfig with its
 * own JSX setting, a definition importing the engine by its package name, and no node_modules
 * (the engine and React come from the engine that builds it).
 */
function writeSite(dir: string, pages = 2): void {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'own-site', private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'react-jsx', module: 'nodenext', strict: true } }),
    'site.config.tsx': [
      `import { defineCollection, defineSite, z, type LayoutProps, type PageProps } from 'stillsite';`,
      `import { Page } from './templates/Page.tsx';`,
      `const here = import.meta.dirname;`,
      `function Layout({ children }: LayoutProps) { return <main>{children}</main>; }`,
      `export default defineSite({`,
      `  name: 'Own', lang: 'en', origin: 'https://own.example', root: here, contentDir: here + '/content',`,
      `  collections: [defineCollection({ name: 'pages', include: ['**/*.md'], template: 'page',`,
      `    schema: () => z.strictObject({ title: z.string(), description: z.string() }) })],`,
      `  templates: { page: { component: Page, styles: [] } },`,
      `  layout: Layout, styles: {}, islands: {}, notFound: '/404',`,
      `});`,
    ].join('\n'),
    'templates/Page.tsx': `import type { PageProps } from 'stillsite';\nexport function Page({ entry, html }: PageProps) {\n  return <article><h1>{entry.data.title}</h1><div dangerouslySetInnerHTML={{ __html: html }} /></article>;\n}\n`,
    'content/index.md': `---\ntitle: Home\ndescription: The home page\n---\nHello.\n`,
    'content/404.md': `---\ntitle: Not found\ndescription: Nothing here\n---\nNothing.\n`,
  };
  for (let i = 0; i < pages - 2; i++)
    files[`content/posts/post-${i}.md`] = `---\ntitle: Post ${i}\ndescription: Post number ${i}\n---\nBody ${i}.\n`;
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

const site = (dir: string, ...args: string[]) => spawnSync(process.execPath, [bin, '--root', dir, ...args], { encoding: 'utf8' });

describe('a site in a folder of its own', () => {
  it('builds on the first run, and on the first run after each edit of a template', () => {
    const dir = path.join(work, 'own');
    writeSite(dir);
    const first = site(dir, 'build');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('<article><h1>Home</h1>');

    const page = path.join(dir, 'templates/Page.tsx');
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('<article>', '<article className="edited">'));
    const edited = site(dir, 'build');
    expect(edited.stderr).toBe('');
    expect(edited.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('<article class="edited"><h1>Home</h1>');
  }, 60_000);

  it('names the template’s own file and line when it throws', () => {
    const dir = path.join(work, 'throws');
    writeSite(dir);
    const page = path.join(dir, 'templates/Page.tsx');
    fs.writeFileSync(
      page,
      `import type { PageProps } from 'stillsite';\n\nexport function Page({ entry }: PageProps) {\n  if (entry.data.title === 'Home') throw new Error('no home today');\n  return <h1>{entry.data.title}</h1>;\n}\n`,
    );
    const result = site(dir, 'build', '--verbose');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no home today');
    expect(result.stderr).toMatch(/templates[/\\]Page\.tsx:4:/);
  }, 60_000);

  it('renders on worker threads from the same code', async () => {
    const dir = path.join(work, 'many');
    writeSite(dir, 60);
    const loaded = await loadSite(dir);
    const one = memoryWriter();
    const two = memoryWriter();
    await build(loaded, one, { cache: false, threads: 0 });
    const pooled = await build(loaded, two, { cache: false, threads: 1 });
    expect(pooled.diagnostics).toEqual([]);
    expect(pooled.pages!.inWorkers).toBeGreaterThan(0);
    expect([...two.files].filter(([file, bytes]) => Buffer.compare(bytes, one.files.get(file)!) !== 0)).toEqual([]);
  }, 60_000);
});

describe('site serve', () => {
  /** Starts `site serve` on `dir` with this NODE_ENV (undefined: none set), returns the home page's text and stops it. */
  async function servedHome(dir: string, nodeEnv: string | undefined): Promise<string> {
    const env = { ...process.env };
    delete env.NODE_ENV;
    if (nodeEnv) env.NODE_ENV = nodeEnv;
    const { child, url } = await startDevServer(['--root', dir, 'serve', '--port', '0'], env);
    try {
      return await (await fetch(`${url}/`)).text();
    } finally {
      await stopDevServer(child);
    }
  }

  it('renders with React’s production build, as site build does, unless NODE_ENV says otherwise', async () => {
    const dir = path.join(work, 'serve-env');
    writeSite(dir);
    fs.writeFileSync(
      path.join(dir, 'templates/Page.tsx'),
      `import type { PageProps } from 'stillsite';\nexport function Page({ entry }: PageProps) {\n  return <article><h1>{entry.data.title}</h1><p id="env">{String(process.env.NODE_ENV)}</p></article>;\n}\n`,
    );
    expect(await servedHome(dir, undefined)).toContain('<p id="env">production</p>');
    expect(await servedHome(dir, 'development')).toContain('<p id="env">development</p>');
  }, 120_000);
});

describe('a stylesheet the site names by path', () => {
  /** The own site of `writeSite`, with one stylesheet in a folder of its own, which the code does not import. */
  function writeStyledSite(dir: string): string {
    writeSite(dir);
    const config = path.join(dir, 'site.config.tsx');
    fs.writeFileSync(
      config,
      fs
        .readFileSync(config, 'utf8')
        .replace('templates: { page: { component: Page, styles: [] } }', "templates: { page: { component: Page, styles: ['site'] } }")
        .replace('styles: {},', "styles: { site: here + '/styles/site.css' },"),
    );
    const css = path.join(dir, 'styles/site.css');
    fs.mkdirSync(path.dirname(css), { recursive: true });
    fs.writeFileSync(css, 'h1 { color: teal; }\n');
    return css;
  }
  const builtCss = (dir: string) => {
    const assets = path.join(dir, 'dist/assets');
    return fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  };

  it('is built again by site build after an edit, though nothing else changed', () => {
    const dir = path.join(work, 'styled-build');
    const css = writeStyledSite(dir);
    expect(site(dir, 'build').status).toBe(0);
    expect(builtCss(dir)).toContain('teal');
    fs.writeFileSync(css, 'h1 { color: purple; }\n');
    const again = site(dir, 'build');
    expect(again.stdout).not.toContain('nothing changed');
    expect(builtCss(dir)).toContain('purple');
  });

  it('is rebuilt and served anew by site serve after an edit', async () => {
    const dir = path.join(work, 'styled-serve');
    const css = writeStyledSite(dir);
    const { child, url } = await startDevServer(['--root', dir, 'serve', '--port', '0']);
    try {
      const servedCss = async () => {
        const home = await (await fetch(`${url}/`)).text();
        const href = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
        return href ? (await fetch(url + href)).text() : '';
      };
      expect(await servedCss()).toContain('teal');
      fs.writeFileSync(css, 'h1 { color: purple; }\n');
      const deadline = Date.now() + 20_000;
      let served = '';
      while (Date.now() < deadline && !(served = await servedCss()).includes('purple'))
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(served).toContain('purple');
    } finally {
      await stopDevServer(child);
    }
  }, 60_000);
});

describe('a definition with paths relative to the project', () => {
  it('reaches worker threads with its paths made absolute as the main thread has them, and renders there', async () => {
    const dir = path.join(work, 'relative');
    fs.cpSync(path.resolve('tests/fixtures/own-site'), dir, { recursive: true });
    for (let i = 1; i <= 60; i++)
      fs.writeFileSync(path.join(dir, `content/post-${i}.md`), `---\ntitle: Post ${i}\ndescription: About post ${i}.\n---\nText.\n`);
    const loaded = await loadSite(dir);
    const paths = ({ root, contentDir, publicDir, styles, islands }: SiteDefinition) => ({ root, contentDir, publicDir, styles, islands });
    expect(paths(loaded)).toEqual({
      root: dir,
      contentDir: path.join(dir, 'content'),
      publicDir: path.join(dir, 'public'),
      styles: { main: path.join(dir, 'styles/main.css') },
      islands: { Counter: path.join(dir, 'islands/Counter.tsx') },
    });
    expect(paths(await loadSiteBundle(loaded.code!.module))).toEqual(paths(loaded));
    const pooled = await build(loaded, memoryWriter(), { cache: false, threads: 1 });
    expect(pooled.diagnostics).toEqual([]);
    expect(pooled.pages!.inWorkers).toBeGreaterThan(0);
  }, 60_000);
});

describe('bundleSiteCode', () => {
  it('reuses its bundle while no input changes, and makes a new one when one does', async () => {
    const dir = path.join(work, 'bundle');
    writeSite(dir);
    const entry = path.join(dir, 'site.config.tsx');
    const first = await bundleSiteCode(entry, dir);
    expect(first.inputs).toContain(path.join(dir, 'templates/Page.tsx'));
    expect(fs.readdirSync(codeFolder(dir)).filter((name) => name.endsWith('.mjs'))).toEqual([path.basename(first.file)]);
    const again = await bundleSiteCode(entry, dir);
    expect(again.file).toBe(first.file);
    // Same size, later time: an edit that keeps the length still counts.
    const page = path.join(dir, 'templates/Page.tsx');
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('<h1>', '<h2>').replace('</h1>', '</h2>'));
    const future = new Date(Date.now() + 5_000);
    fs.utimesSync(page, future, future);
    const changed = await bundleSiteCode(entry, dir);
    expect(changed.file).not.toBe(first.file);
    expect(fs.readFileSync(changed.file, 'utf8')).toContain('h2');
  });

  it('keeps each module’s own location where it asks for import.meta', async () => {
    const dir = path.join(work, 'locations');
    fs.mkdirSync(path.join(dir, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'lib/where.ts'), `export const where = import.meta.dirname;\nexport const url = import.meta.url;\n`);
    fs.writeFileSync(
      path.join(dir, 'entry.ts'),
      `export { where, url } from './lib/where.ts';\nexport const here = import.meta.filename;\n`,
    );
    const code = await bundleSiteCode(path.join(dir, 'entry.ts'), dir);
    const module = (await import(code.file)) as { where: string; url: string; here: string };
    expect(module.where).toBe(path.join(dir, 'lib'));
    expect(module.url).toBe(`file://${path.join(dir, 'lib/where.ts')}`);
    expect(module.here).toBe(path.join(dir, 'entry.ts'));
  });
});
