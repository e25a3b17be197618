/**
 * What pages cost a visitor. `npm run measure` takes one page of every template
 * (scripts/template-pages.ts), measures its bytes (gzip) and runs Lighthouse on it as a first
 * visit (mobile defaults, the same runner as the quality gate), and prints one line a template:
 * requests, HTML, CSS, JavaScript at load and at most, fonts, LCP and the rest.
 *   npm run measure [-- --dist dist] [--runs 3] [--no-lighthouse] [--all] [--json]
 *
 * --all prints the bytes of every page instead (no browser). It builds the site into --dist
 * first when that folder has no index.html. The budgets test (tests/integration/budgets.test.ts)
 * checks the bytes on every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { spawnSync } from 'node:child_process';
import { runLighthouse, type PageScores } from './check/lighthouse.ts';
import { urlPathOf } from './check/pages.ts';
import { chooseTemplatePages } from './template-pages.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface PageWeight {
  /** URL path of the page, e.g. `/about/team` (`/404` for 404.html). */
  path: string;
  /** The HTML file, relative to dist/. */
  file: string;
  /** gzip bytes of the whole HTML document. */
  html: number;
  /** Stylesheets that block the first paint (`<link rel=stylesheet>` without a non-screen media). */
  css: { files: string[]; bytes: number };
  /** Every module the page can load: the entry, what it imports, the startup modules, and the chunks of the islands on this page. */
  js: { files: string[]; bytes: number };
  /** The modules a page loads before any island hydrates: its scripts and what they import statically (not `import()`). */
  jsInitial: { files: string[]; bytes: number };
  /** The top of the page: the HTML from the first byte through the end of the block that holds the `<h1>` (see `topOfPageEnd`). */
  top: { block: string; html: number };
  /** The top of the page plus every render-blocking stylesheet: what must arrive before the top of the page can be painted. */
  firstPaint: number;
  /**
   * Scripts that hold up parsing and so the first paint: external classic scripts without `defer`
   * or `async`, and inline classic scripts in `<head>` (named `inline: …`). Module scripts are
   * deferred by nature; JSON-LD and other data blocks do not run.
   */
  blockingScripts: string[];
  /** `<img>` elements without both `width` and `height` (they shift the layout as they load). */
  unsizedImages: string[];
  /** Island names found on the page. */
  islands: string[];
}

/** gzip at the level web servers compress with on the fly (zlib's default, 6). */
export const gzipSize = (contents: Uint8Array | string): number => gzipSync(contents).length;

/** Every HTML page under `distDir`, measured. */
export async function measurePages(distDir: string): Promise<PageWeight[]> {
  const dist = path.resolve(distDir);
  const htmlFiles = listFiles(dist).filter((file) => file.endsWith('.html'));
  const sizes = new Map<string, number>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      const file = path.join(dist, decodeURIComponent(url.replace(/^\//, '')));
      if (!fs.existsSync(file)) throw new Error(`A page links to ${url}, which is not in ${dist}.`);
      size = gzipSize(fs.readFileSync(file));
      sizes.set(url, size);
    }
    return size;
  };
  const documents = htmlFiles.map((file) => {
    const source = fs.readFileSync(path.join(dist, file));
    const text = source.toString('utf8');
    return { file, source, text, facts: inspectHtml(text) };
  });
  const graph = await moduleGraph(dist, new Set(documents.flatMap((d) => d.facts.islands)));
  return documents.map(({ file, source, text, facts }) => {
    const js = graph.loadedBy(facts.scripts, facts.islands);
    const jsInitial = graph.loadedFirst(facts.scripts);
    const html = gzipSize(source);
    const cssBytes = facts.stylesheets.reduce((sum, href) => sum + sizeOf(href), 0);
    const top = facts.topOfPage
      ? { block: facts.topOfPage.block, html: gzipSize(text.slice(0, facts.topOfPage.end)) }
      : { block: 'whole document (no <h1>)', html };
    return {
      path: urlPathOf(file),
      file,
      html,
      css: { files: facts.stylesheets, bytes: cssBytes },
      js: { files: js, bytes: js.reduce((sum, url) => sum + sizeOf(url), 0) },
      jsInitial: { files: jsInitial, bytes: jsInitial.reduce((sum, url) => sum + sizeOf(url), 0) },
      top,
      firstPaint: top.html + cssBytes,
      blockingScripts: facts.blockingScripts,
      unsizedImages: facts.unsizedImages,
      islands: facts.islands,
    };
  });
}

interface HtmlFacts {
  /** Same-origin module and classic script URLs (root-relative), and the client entry the engine's bootstrap names (`data-entry`). */
  scripts: string[];
  stylesheets: string[];
  blockingScripts: string[];
  unsizedImages: string[];
  islands: string[];
  /** Where the top of the page ends in the source (a character offset), and which element ends it. */
  topOfPage?: { end: number; block: string };
}

/** The facts about one document that decide what it loads, read with a spec-compliant HTML parser. */
export function inspectHtml(html: string): HtmlFacts {
  const facts: HtmlFacts = { scripts: [], stylesheets: [], blockingScripts: [], unsizedImages: [], islands: [] };
  const walk = (node: Node) => {
    if ('tagName' in node) visit(node, facts);
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
    if ('content' in node && node.content) walk(node.content);
  };
  const document = parse(html, { sourceCodeLocationInfo: true });
  walk(document);
  facts.islands = [...new Set(facts.islands)];
  facts.topOfPage = topOfPageEnd(document);
  return facts;
}

/**
 * The top of the page is the part a visitor sees first: the site header and the block the page's
 * `<h1>` heads (the hero `<section>`, or a `<header>` such as a biography's). It ends where the
 * nearest `<section>` or `<header>` around the first `<h1>` ends; with neither, where the h1's
 * outermost block inside `<main>` ends. Everything before that point in the document (head,
 * skip link, site header and its island props, breadcrumbs) counts, since the browser reads the
 * HTML in order.
 */
function topOfPageEnd(document: DefaultTreeAdapterMap['document']): { end: number; block: string } | undefined {
  const h1 = findElement(document, (element) => element.tagName === 'h1');
  if (!h1) return undefined;
  let block: Element = h1;
  for (let node = h1.parentNode; node && 'tagName' in node; node = node.parentNode) {
    if (node.tagName === 'section' || node.tagName === 'header') {
      block = node;
      break;
    }
    if (node.tagName === 'main' || node.tagName === 'body') break;
    block = node;
  }
  const end = block.sourceCodeLocation?.endTag?.endOffset ?? block.sourceCodeLocation?.endOffset;
  if (end === undefined) throw new Error('The HTML parser gave no source location for the block around the <h1>.');
  const className = block.attrs.find((a) => a.name === 'class')?.value.split(/\s+/)[0];
  return { end, block: `${block.tagName}${className ? `.${className}` : ''}` };
}

function findElement(node: Node, test: (element: Element) => boolean): Element | undefined {
  if ('tagName' in node && test(node)) return node;
  if (!('childNodes' in node)) return undefined;
  for (const child of node.childNodes) {
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

function visit(element: Element, facts: HtmlFacts): void {
  const attr = (name: string) => element.attrs.find((a) => a.name === name)?.value;
  const island = attr('data-island');
  if (island !== undefined) facts.islands.push(island);
  if (element.tagName === 'script') {
    const src = attr('src');
    const type = (attr('type') ?? '').trim().toLowerCase();
    if (src && isLocal(src) && (type === 'module' || isClassicScript(type))) facts.scripts.push(src);
    // The engine's bootstrap: an inline module that fetches the client entry it names once the page has loaded.
    const entry = attr('data-entry');
    if (!src && entry && isLocal(entry) && type === 'module') facts.scripts.push(entry);
    if (!isClassicScript(type)) return;
    if (src && attr('defer') === undefined && attr('async') === undefined) facts.blockingScripts.push(src);
    if (!src && inHead(element)) {
      const code = element.childNodes
        .map((child) => ('value' in child ? child.value : ''))
        .join('')
        .trim();
      facts.blockingScripts.push(`inline: ${code.slice(0, 60)}${code.length > 60 ? '…' : ''}`);
    }
  } else if (element.tagName === 'link') {
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr('href');
    const media = (attr('media') ?? 'all').toLowerCase();
    // A stylesheet for print (or another media that is not the screen) does not block painting.
    const blocksScreen = /\b(all|screen)\b/.test(media) || media.startsWith('(');
    if (rel.includes('stylesheet') && !rel.includes('alternate') && href && attr('disabled') === undefined && blocksScreen) {
      if (!isLocal(href)) throw new Error(`A stylesheet from another origin (${href}) cannot be measured; the site should serve its own.`);
      facts.stylesheets.push(href);
    }
  } else if (element.tagName === 'img') {
    if (attr('width') === undefined || attr('height') === undefined) facts.unsizedImages.push(attr('src') ?? '(no src)');
  }
}

const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** A `type` the browser runs as a classic script (HTML's list of JavaScript MIME types, or none). */
const isClassicScript = (type: string) =>
  type === '' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type) || type === 'text/jscript' || type === 'text/livescript';

function inHead(element: Element): boolean {
  for (let node = element.parentNode; node && 'tagName' in node; node = node.parentNode) if (node.tagName === 'head') return true;
  return false;
}

interface ModuleGraph {
  /** Root-relative URLs of every module a page with these scripts and islands can load. */
  loadedBy(scripts: readonly string[], islands: readonly string[]): string[];
  /** Root-relative URLs of the modules these scripts load by themselves: static imports only. */
  loadedFirst(scripts: readonly string[]): string[];
}

/**
 * The import graph of the built JavaScript under dist/assets, read by esbuild's own parser (it
 * bundles the built files once, only for the metafile). When an entry holds a registry of island
 * chunks, `Name:()=>import("/assets/chunks/Name-HASH.js")`, a page counts only the chunks of the
 * islands it has. Any other lazily imported module (the one chunk of all islands the engine
 * writes today) counts as loaded on every page with the entry, so a registry this cannot read
 * makes the figures larger, never smaller.
 */
async function moduleGraph(dist: string, islandNames: ReadonlySet<string>): Promise<ModuleGraph> {
  const assets = path.join(dist, 'assets');
  const entries = fs.existsSync(assets) ? listFiles(assets).filter((file) => /^[^/]+\.js$/.test(file)) : [];
  // Static and dynamic imports alike: a lazily loaded module still loads on the page that asks for it.
  const imports = new Map<string, string[]>();
  const staticImports = new Map<string, string[]>();
  const islandChunks = new Map<string, Map<string, string>>();
  if (entries.length) {
    const result = await esbuild.build({
      absWorkingDir: dist,
      entryPoints: entries.map((file) => `./assets/${file}`),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      metafile: true,
      outdir: path.join(dist, '.measure'),
      logLevel: 'silent',
      // The built files import each other by root-relative URL (`/assets/chunks/…`).
      plugins: [{ name: 'site-root', setup: (b) => b.onResolve({ filter: /^\// }, (args) => ({ path: path.join(dist, args.path) })) }],
    });
    const toUrl = (file: string) => `/${path.relative(dist, path.resolve(dist, file)).split(path.sep).join('/')}`;
    for (const [file, input] of Object.entries(result.metafile.inputs)) {
      imports.set(
        toUrl(file),
        input.imports.filter((i) => i.kind === 'import-statement' || i.kind === 'dynamic-import').map((i) => toUrl(i.path)),
      );
      staticImports.set(
        toUrl(file),
        input.imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path)),
      );
    }
    for (const file of entries) {
      const url = `/assets/${file}`;
      const registry = new Map<string, string>();
      const code = fs.readFileSync(path.join(assets, file), 'utf8');
      for (const match of code.matchAll(/([\w$]+|"[^"]+"):\(\)=>import\("([^"]+)"\)/g)) {
        const name = match[1]!.replace(/^"|"$/g, '');
        if (islandNames.has(name)) registry.set(name, new URL(match[2]!, `http://site${url}`).pathname);
      }
      islandChunks.set(url, registry);
    }
  }
  return {
    loadedBy(scripts, islands) {
      for (const src of scripts) if (!imports.has(src)) throw new Error(`The page's script ${src} is not a module under dist/assets.`);
      const registry = new Map(scripts.flatMap((src) => [...(islandChunks.get(src) ?? [])]));
      // Without a registry, the page's islands come from a chunk counted in full below.
      for (const island of registry.size ? islands : []) {
        if (!registry.has(island))
          throw new Error(
            `The page has island "${island}", but its scripts (${scripts.join(', ') || 'none'}) register no chunk for it (found: ${[...registry.keys()].join(', ') || 'none'}).`,
          );
      }
      const skipped = new Set([...registry].filter(([name]) => !islands.includes(name)).map(([, chunk]) => chunk));
      const seen = new Set<string>();
      const visitModule = (url: string) => {
        if (seen.has(url) || skipped.has(url)) return;
        seen.add(url);
        for (const next of imports.get(url) ?? []) visitModule(next);
      };
      for (const src of scripts) visitModule(src);
      return [...seen];
    },
    loadedFirst(scripts) {
      const seen = new Set<string>();
      const visitModule = (url: string) => {
        if (seen.has(url)) return;
        seen.add(url);
        for (const next of staticImports.get(url) ?? []) visitModule(next);
      };
      for (const src of scripts) visitModule(src);
      return [...seen];
    },
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line a page, with the totals of the heaviest. */
export function formatTable(pages: readonly PageWeight[]): string {
  const width = Math.max(4, ...pages.map((p) => p.path.length));
  const columns: Array<[string, (p: PageWeight) => number]> = [
    ['HTML', (p) => p.html],
    ['top', (p) => p.top.html],
    ['CSS', (p) => p.css.bytes],
    ['paint', (p) => p.firstPaint],
    ['JS 1st', (p) => p.jsInitial.bytes],
    ['JS max', (p) => p.js.bytes],
  ];
  const line = (label: string, cells: string[]) => `${label.padEnd(width)}  ${cells.map((cell) => cell.padStart(6)).join('  ')}`;
  const header = `${line(
    'page',
    columns.map(([name]) => name),
  )}   (KB gzip; top = HTML through the block holding the h1; paint = top + render-blocking CSS; JS 1st = before any island hydrates)`;
  const rows = [...pages]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((p) =>
      line(
        p.path,
        columns.map(([, pick]) => kb(pick(p))),
      ),
    );
  const footer = line(
    'max',
    columns.map(([, pick]) => kb(Math.max(...pages.map(pick)))),
  );
  return [header, ...rows, footer].join('\n');
}

/** One template's page: its bytes, and what Lighthouse saw on a first visit (when it ran). */
export interface TemplateMeasure {
  template: string;
  weight: PageWeight;
  lighthouse?: PageScores;
}

/** The report of `npm run measure`: one line a template. */
export function formatTemplates(rows: readonly TemplateMeasure[]): string {
  const width = Math.max(4, ...rows.map((r) => r.weight.path.length));
  const bytes = (lh: PageScores | undefined, type: string) => (lh ? kb(lh.bytesByType[type] ?? 0) : '–');
  const header = [
    'template'.padEnd(10),
    'page'.padEnd(width),
    'req'.padStart(3),
    'HTML'.padStart(5),
    'CSS'.padStart(5),
    'JS 1st'.padStart(6),
    'JS load'.padStart(7),
    'JS max'.padStart(6),
    'font'.padStart(5),
    'all'.padStart(6),
    'FCP'.padStart(6),
    'LCP'.padStart(6),
    'TBT'.padStart(5),
    'CLS'.padStart(5),
    'perf'.padStart(4),
  ].join(' ');
  const lines = rows.map(({ template, weight, lighthouse: lh }) =>
    [
      template.padEnd(10),
      weight.path.padEnd(width),
      (lh ? String(lh.requests.length) : '–').padStart(3),
      kb(weight.html).padStart(5),
      kb(weight.css.bytes).padStart(5),
      kb(weight.jsInitial.bytes).padStart(6),
      bytes(lh, 'Script').padStart(7),
      kb(weight.js.bytes).padStart(6),
      bytes(lh, 'Font').padStart(5),
      (lh ? kb(lh.metrics.bodyBytes) : '–').padStart(6),
      (lh ? `${lh.metrics.fcpMs}ms` : '–').padStart(6),
      (lh ? `${lh.metrics.lcpMs}ms` : '–').padStart(6),
      (lh ? `${lh.metrics.tbtMs}ms` : '–').padStart(5),
      (lh ? lh.metrics.cls.toFixed(2) : '–').padStart(5),
      (lh ? String(Math.round(lh.scores.performance * 100)) : '–').padStart(4),
    ].join(' '),
  );
  const legend = [
    'KB of gzip. HTML: the document (inline CSS included); CSS: render-blocking stylesheets; JS 1st: what the page loads before any island',
    'hydrates; JS load: what Lighthouse saw a first visit load (no consent stored); JS max: everything the page can load; font: web fonts',
    'loaded; all: every response body. req, FCP, LCP, TBT, CLS, perf: Lighthouse 13, mobile defaults, the run with the median LCP.',
  ];
  const elements = rows.filter((r) => r.lighthouse?.lcpElement).map((r) => `  LCP ${r.template}: ${r.lighthouse!.lcpElement}`);
  return [header, ...lines, ...legend, ...elements].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      json: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      'no-lighthouse': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
    },
  });
  const dist = path.resolve(values.dist);
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log(`Building the site into ${path.relative(process.cwd(), dist) || '.'} first…`);
    const built = spawnSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/site'), ['build', '--out', dist], {
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(1);
  }
  const pages = await measurePages(dist);
  if (values.all) {
    console.log(values.json ? JSON.stringify(pages, null, 2) : formatTable(pages));
  } else {
    const chosen = await chooseTemplatePages(dist);
    const runs = Number(values.runs);
    let scores: PageScores[] = [];
    if (!values['no-lighthouse']) {
      scores = await runLighthouse(dist, chosen, { runs, keep: 'median' });
    }
    const rows = chosen.map(({ template, page }) => ({
      template,
      weight: pages.find((p) => p.path === page)!,
      lighthouse: scores.find((s) => s.page === page),
    }));
    console.log(values.json ? JSON.stringify(rows, null, 2) : formatTemplates(rows));
  }
}
