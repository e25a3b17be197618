import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createBuilder } from '../../src/serve/builder.ts';
import { loadSite, withContent } from '../../src/site/load.ts';
import { paginate } from '../../src/routes/paginate.ts';

/** The guide's data example (docs/data.md), with its content copied so that a test may change it. */
const EXAMPLE = path.resolve('docs/examples/data');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'data-files-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const site = await loadSite(EXAMPLE);

function copyContent(change: Record<string, string> = {}): string {
  const content = fs.mkdtempSync(path.join(work, 'content-'));
  fs.cpSync(path.join(EXAMPLE, 'content'), content, { recursive: true });
  for (const [relative, text] of Object.entries(change)) {
    fs.mkdirSync(path.dirname(path.join(content, relative)), { recursive: true });
    fs.writeFileSync(path.join(content, relative), text);
  }
  return content;
}

async function buildWith(change: Record<string, string> = {}) {
  const content = copyContent(change);
  const writer = memoryWriter();
  const result = await build(withContent(site, content), writer, { threads: 0, cache: false });
  const text = (file: string) => new TextDecoder().decode(writer.files.get(file));
  return { result, files: writer.files, text, content };
}

const edit = (content: string, relative: string, change: (text: string) => string) =>
  fs.writeFileSync(path.join(content, relative), change(fs.readFileSync(path.join(content, relative), 'utf8')));

describe('data files as entries', () => {
  it('make a page per item of a YAML list and per row of a CSV file, and one of a TOML file, never published as they are', async () => {
    const { result, files, text } = await buildWith({ 'downloads/prices.json': '{"kettle": 39.5}\n' });
    expect(result.diagnostics).toEqual([]);
    expect(text('team/ada/index.html')).toContain(
      '<h1>Ada Lovelace</h1><p class="role">Engineer</p><div><p>Ada joined in <strong>1843</strong>.',
    );
    expect(text('products/kettle/index.html')).toContain('<p class="price">£<!-- -->39.50</p>');
    expect(text('contact/index.html')).toContain('<h1>Contact</h1>');
    expect(text('index.html')).toContain('<li><a href="/products/toaster">The Toaster</a></li>');
    // Taken as entries: not published. A data file no collection takes is published as before.
    expect(files.has('team.yaml')).toBe(false);
    expect(files.has('products.csv')).toBe(false);
    expect(files.has('contact.toml')).toBe(false);
    expect(text('downloads/prices.json')).toBe('{"kettle": 39.5}\n');
    // Ordinary entries: the catalogue, references and the sitemap see them as any other.
    expect(result.catalogue.collection('team').map((entry) => entry.slug)).toEqual(['ada', 'grace']);
    expect(text('sitemap.xml')).toContain('<loc>https://data.example/products/kettle</loc>');
  }, 60_000);

  it('check each entry with the schema, reporting mistakes at the file, line and column of the field', async () => {
    const { result, files } = await buildWith({
      'products.csv': 'sku,title,description,price,launch\nkettle,The Kettle,Boils.,cheap,kettle\n',
      'team.yaml': '- id: ada\n  title: Ada\n  description: Ada.\n  role: 12\n',
      'contact.toml': 'title = "Contact"\ndescription = "Reach us."\nemail = "not an address"\n',
    });
    expect(files.size).toBe(0);
    const file = (name: string) => path.join(result.diagnostics.find((d) => d.file?.endsWith(name))!.file!);
    expect(result.diagnostics).toMatchObject([
      { code: 'invalid-format', file: file('contact.toml'), line: 3, column: 1, field: 'email' },
      { code: 'invalid-type', file: file('products.csv'), line: 2, column: 4, field: 'price' },
      { code: 'invalid-type', file: file('team.yaml'), line: 4, column: 9, field: 'role', actual: '12' },
      // The post names the kettle, which has a mistake, so no entry.
      { code: 'unknown-reference', file: file('kettle.md'), line: 5, field: 'product' },
    ]);
  }, 60_000);

  it('name each item of a list by its id: one without, a bad one or one given twice is an error at the item', async () => {
    const { result } = await buildWith({
      'team.yaml': [
        '- title: No id',
        '  description: x',
        '  role: r',
        '- id: ../up',
        '  title: Climbs',
        '  description: x',
        '  role: r',
        '- id: ada',
        '  title: Ada',
        '  description: x',
        '  role: r',
        '- id: ada',
        '  title: Ada again',
        '  description: x',
        '  role: r',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.map(({ code, line, column, field, actual }) => ({ code, line, column, field, actual }))).toEqual([
      { code: 'data-id', line: 1, column: 3, field: 'id', actual: 'nothing' },
      { code: 'data-id', line: 4, column: 7, field: 'id', actual: '"../up"' },
      { code: 'data-id', line: 12, column: 7, field: 'id', actual: '"ada"' },
    ]);
  }, 60_000);

  it('claim their URLs like files: an entry and a Markdown file of one URL are an error naming both', async () => {
    const { result } = await buildWith({
      'products/kettle.md': '---\ntitle: Kettle\ndescription: Again.\n---\n',
      'pages-extra.md': '---\ntitle: x\ndescription: y\n---\n',
    });
    const duplicates = result.diagnostics.filter((d) => d.code === 'duplicate-url');
    expect(duplicates.map((d) => d.actual)).toEqual([
      'content/products/kettle.md, content/products.csv (kettle)',
      'content/products/kettle.md, content/products.csv (kettle)',
    ]);
    expect(duplicates.map((d) => d.line)).toEqual([1, 2]);
  }, 60_000);

  it('refer to Markdown entries and back, each reference checked once all are read and located at its cell', async () => {
    const { result } = await buildWith({
      'products.csv': 'sku,title,description,price,launch\nkettle,The Kettle,Boils.,39.50,kettle\ntoaster,The Toaster,Toasts.,24,toast\n',
    });
    expect(result.diagnostics.map(({ code, file, line, column, field, actual }) => ({ code, file, line, column, field, actual }))).toEqual([
      { code: 'unknown-reference', file: expect.stringMatching(/products\.csv$/), line: 3, column: 5, field: 'launch', actual: '"toast"' },
    ]);
  }, 60_000);

  it('are paginated by derived routes as Markdown entries are', async () => {
    const content = copyContent();
    const paged = {
      ...withContent(site, content),
      routes: (catalogue: import('../../src/content/catalogue.ts').Catalogue) =>
        paginate(catalogue.collection('products'), { url: '/shop', perPage: 1 }).map((page) => ({
          url: page.url,
          template: 'page',
          data: { title: `Shop, page ${page.page}: ${page.items.map((entry) => entry.data.title).join(', ')}`, description: 'Products.' },
        })),
    };
    const writer = memoryWriter();
    const result = await build(paged, writer, { threads: 0, cache: false });
    expect(result.diagnostics).toEqual([]);
    const text = (file: string) => new TextDecoder().decode(writer.files.get(file));
    expect(text('shop/index.html')).toContain('<h1>Shop, page 1: The Kettle</h1>');
    expect(text('shop/2/index.html')).toContain('<h1>Shop, page 2: The Toaster</h1>');
  }, 60_000);

  it('re-render only the pages of entries that changed, and the pages that show them', async () => {
    const content = copyContent();
    const builder = createBuilder(withContent(site, content), memoryWriter(), { threads: 0 });
    const first = await builder.rebuild();
    expect(first.diagnostics).toEqual([]);
    edit(content, 'products.csv', (text) => text.replace('The Toaster', 'The New Toaster'));
    const second = await builder.rebuild();
    expect(second.diagnostics).toEqual([]);
    // The toaster's page, and the home page that lists its title; not the kettle's, nor Ada's.
    expect(second.changed.filter((file) => file.endsWith('.html')).sort()).toEqual(['index.html', 'products/toaster/index.html']);
    expect(second.pages).toMatchObject({ rendered: 2, carried: first.routes.length - 2 });
  }, 60_000);
});
