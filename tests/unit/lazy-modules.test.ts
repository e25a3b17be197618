import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');
const url = (file: string) => JSON.stringify(pathToFileURL(path.join(src, file)).href);

const DEFAULT_IMPORTS = `
    const { renderMarkdown } = await import(${url('render/markdown.ts')});
    const { findInlineCode } = await import(${url('security/inline-code.ts')});
    await import(${url('og/draw.ts')});`;

/**
 * The packages a fresh Node process has loaded after `steps` (a module body using `renderMarkdown`,
 * `findInlineCode` and `createDrawer`'s module), as Node's module hooks see them: a build's start-up
 * pays for every package loaded, so those only some sites need load where they are used.
 */
function packagesLoadedAfter(steps: string, imports = DEFAULT_IMPORTS): string[] {
  const script = `
    import module from 'node:module';
    const loaded = new Set();
    module.registerHooks({
      load(url, context, next) {
        const name = url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1];
        if (name) loaded.add(name);
        return next(url, context);
      },
    });
    ${imports}
    ${steps}
    console.log(JSON.stringify([...loaded]));`;
  const out = execFileSync(process.execPath, ['--conditions', 'source', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

describe('packages only some sites need', () => {
  it('are not loaded by a page without raw HTML, a build with no page to parse in full, or a build without social images', () => {
    const loaded = packagesLoadedAfter(
      `renderMarkdown('# A page\\n\\nA [link](/elsewhere) and a list:\\n\\n- one\\n- two\\n'); findInlineCode([]);`,
    );
    expect(loaded).toContain('remark-parse');
    expect(loaded).not.toContain('rehype-raw');
    expect(loaded).not.toContain('parse5');
    expect(loaded).not.toContain('satori');
    expect(loaded).not.toContain('@resvg/resvg-js');
  }, 60_000);

  it('are loaded where they are used: raw HTML in a page, a page parsed in full', () => {
    const loaded = packagesLoadedAfter(
      `renderMarkdown('<div>Raw HTML</div>\\n'); findInlineCode([{ path: 'a.html', contents: '<p style="x">' }]);`,
    );
    expect(loaded).toContain('rehype-raw');
    expect(loaded).toContain('parse5');
  }, 60_000);

  it('are loaded for data files only when the content has one of their format (issue 44: CSV and TOML)', () => {
    const imports = `
      await import(${url('content/read.ts')});
      const { loadDataParsers } = await import(${url('content/data-parse.ts')});`;
    const none = packagesLoadedAfter(`await loadDataParsers(['team.yaml', 'books.json']);`, imports);
    expect(none).toContain('yaml');
    expect(none).not.toContain('csv-parse');
    expect(none).not.toContain('smol-toml');
    const csv = packagesLoadedAfter(`await loadDataParsers(['books.csv']);`, imports);
    expect(csv).toContain('csv-parse');
    expect(csv).not.toContain('smol-toml');
  }, 60_000);
});
