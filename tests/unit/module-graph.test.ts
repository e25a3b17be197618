import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');

/** The modules under `folder` whose names match `extensions`, declaration files left out. */
function modulesUnder(folder: string, extensions: RegExp): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file));
}

/** The relative modules `text` names: its imports and re-exports (type-only ones too), and its dynamic `import()`s. */
function specifiersOf(text: string): string[] {
  const written = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)];
  const dynamic = [...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)];
  return [...written, ...dynamic].map((match) => match[1]!);
}

/** Each module with what its relative imports, re-exports and dynamic imports resolve to. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const specifiers = specifiersOf(fs.readFileSync(file, 'utf8')).map((specifier) => path.resolve(path.dirname(file), specifier));
    graph.set(file, specifiers);
  }
  return graph;
}

/** Every module of the engine with the engine modules it imports (type-only imports too). */
function engineGraph(): Map<string, string[]> {
  return importGraph(modulesUnder(SRC, /\.(ts|mts|mjs)$/));
}

/** The strongly connected groups of more than one module: each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!graph.has(imported)) continue;
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module)!, low.get(imported)!));
      } else if (onStack.has(imported)) low.set(module, Math.min(low.get(module)!, index.get(imported)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === module) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

/*
 * The layers of `src/`, bottom first (the reasons are in docs/architecture.md). A module imports,
 * values and types alike, only from its own folder and from folders of lower layers; the core is
 * the lowest layer but the browser's, so every other layer may use it. Two folders of one layer
 * are independent of each other. Files at the top of `src/` are placed one by one.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['client'], // browser code: imports nothing of the engine; the engine imports its shared names
  ['core', 'diagnostics'], // hashing, URL helpers, finding the engine's files, diagnostics: used by every layer
  ['output'], // writing the output folder safely (staging, ownership, locks): knows files, not pages
  ['safety'], // the checks on hostile input, over plain text and parsed values
  ['i18n'], // a site's locales, where a content file stands among them, the engine's words per language
  ['content'], // the content files read, parsed and validated into entries and a catalogue
  ['security'], // security headers, CSP, inline-code hashes and host files, over pages' HTML and routes
  ['site'], // what a site declares (the definition and every option it names), its validation and loading
  ['routes'], // a site's pages: one per entry plus the pages it derives, and pagination
  ['images'], // responsive images from the site's raster and SVG files
  ['render'], // one page to HTML: Markdown, MDX, templates, the document, and what the HTML holds
  ['links', 'seo', 'og', 'assets', 'search'], // the stages that read the rendered pages or the catalogue and make more files
  ['runner'], // what exists only for speed: the worker pool, the reuse of the last build, the codecs
  ['build'], // build.ts, the build's table of contents; index.ts, the public API
  ['serve', 'init'], // the programs: dev server and preview, new-site scaffold
  ['cli'], // the command line, which starts each program (by dynamic imports, so a command loads only its own)
];

/** The files at the top of `src/` and the layer each belongs to. */
const ROOT_FILES: Readonly<Record<string, string>> = {
  'engine-file.ts': 'core',
  'build.ts': 'build',
  'build-result.ts': 'build',
  'index.ts': 'build',
  // Hands index.ts and the JSX runtime to the site's code from above (see site/engine-modules.ts).
  'provide-engine.ts': 'build',
};

/** The layer of a module given by its path relative to `src/`, or undefined outside the layers. */
function layerOf(relative: string): string | undefined {
  const [first, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? ROOT_FILES[first!] : first;
}

/** Every import of a module from a folder not below its own (`importer → imported`, relative to the root). */
function layerViolations(
  graph: Map<string, string[]>,
  root: string,
  layers: readonly (readonly string[])[],
  layer: (relative: string) => string | undefined,
): string[] {
  const rank = new Map(layers.flatMap((folders, index) => folders.map((folder) => [folder, index] as const)));
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const from = layer(path.relative(root, file));
    for (const imported of imports) {
      const to = layer(path.relative(root, imported));
      if (from === to) continue;
      const line = `${path.relative(root, file)} → ${path.relative(root, imported)}`.split(path.sep).join('/');
      if (from === undefined || to === undefined || !rank.has(from) || !rank.has(to)) found.push(`${line} (no layer)`);
      else if (rank.get(to)! >= rank.get(from)!) found.push(line);
    }
  }
  return found.sort();
}

describe('the engine’s modules', () => {
  const graph = engineGraph();

  it('import one another without cycles, types included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph).map((group) => group.map((file) => path.relative(SRC, file)))).toEqual([]);
  });

  it('counts a dynamic import() as an import, as a static one', () => {
    const text = [
      "import type { Task } from './protocol.ts';",
      "export { x } from '../core/x.ts';",
      "const later = await import('../serve/dev-builder.ts');",
      "const pkg = await import('esbuild');",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./protocol.ts', '../core/x.ts', '../serve/dev-builder.ts']);
  });

  it('finds a cycle when there is one', () => {
    expect(
      cycles(
        new Map([
          ['/a', ['/b']],
          ['/b', ['/c']],
          ['/c', ['/a']],
          ['/d', ['/a']],
        ]),
      ),
    ).toEqual([['/a', '/b', '/c']]);
  });

  it('import only from the layers below their own, types included', () => {
    // No exception: the site's code gets the engine's API from above (site/engine-modules.ts).
    expect(layerViolations(graph, SRC, LAYERS, layerOf)).toEqual([]);
  });

  it('finds an import against the layer order, and one from an unplaced folder', () => {
    const layers = [['low'], ['mid', 'side'], ['top']];
    const fake = new Map([
      ['/s/top/a.ts', ['/s/mid/b.ts', '/s/low/c.ts', '/s/top/d.ts']],
      ['/s/mid/b.ts', ['/s/low/c.ts', '/s/side/e.ts']],
      ['/s/low/c.ts', ['/s/top/a.ts']],
      ['/s/side/e.ts', ['/s/stray/f.ts']],
    ]);
    const layer = (relative: string) => relative.split(path.sep)[0];
    expect(layerViolations(fake, '/s', layers, layer)).toEqual([
      'low/c.ts → top/a.ts',
      'mid/b.ts → side/e.ts',
      'side/e.ts → stray/f.ts (no layer)',
    ]);
  });

  it('never import the site in this repository (templates/, content/, site.config.ts)', () => {
    const outside = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((imported) => !imported.startsWith(SRC + path.sep))
        .map((imported) => `${path.relative(SRC, file)} → ${path.relative(SRC, imported)}`),
    );
    expect(outside.filter((line) => !line.endsWith('package.json'))).toEqual([]);
  });
});

/** The site's own code in this repository (templates/ and site.config.ts) with what its relative imports resolve to. */
function siteGraph(): Map<string, string[]> {
  return importGraph([...modulesUnder(path.resolve('templates'), /\.(ts|tsx|mts|mjs|js|jsx)$/), path.resolve('site.config.ts')]);
}

describe('the site in this repository', () => {
  it('reaches the engine only through its package names (stillsite, stillsite/client), as a user’s site does', () => {
    const imports = [...siteGraph()].flatMap(([file, imported]) => imported.map((target) => ({ file, imported: target })));
    expect(imports.length).toBeGreaterThan(20);
    const intoEngine = imports
      .filter(({ imported }) => imported === SRC || imported.startsWith(SRC + path.sep))
      .map(({ file, imported }) => `${path.relative('.', file)} → ${path.relative('.', imported)}`.split(path.sep).join('/'));
    expect(intoEngine).toEqual([]);
  });
});
