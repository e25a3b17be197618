import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import fg from 'fast-glob';
import { digest } from './facts.ts';

/** The engine's own folder (`src/`) and the project folder holding its package lock. */
export const ENGINE_DIR = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const ENGINE_ROOT = path.dirname(ENGINE_DIR);

/**
 * A hash of the code that turns content into pages: every engine source file, the site module
 * and every file it imports (templates, components, schemas, configuration: found by asking
 * esbuild for the module graph), the installed package versions (the lock file) and the Node
 * version, with the files it read. Undefined when the graph cannot be read, in which case
 * nothing may be reused.
 */
export async function codeFingerprint(siteModule: string): Promise<{ key: string; files: string[] } | undefined> {
  const engine = (await fg('**/*.{ts,tsx,js,mjs,json}', { cwd: ENGINE_DIR, absolute: true })).sort();
  const graph = await moduleGraph(siteModule);
  if (!graph) return undefined;
  const files = [...new Set([...engine, ...graph])].sort();
  const locks = [...new Set([ENGINE_ROOT, path.dirname(siteModule)].map((dir) => path.join(dir, 'package-lock.json')))];
  const parts = await Promise.all(
    [...files, ...locks].map(async (file) => {
      const text = await fs.readFile(file).catch(() => undefined);
      return `${file}\n${text ? digest(text) : '-'}`;
    }),
  );
  return { key: digest([process.version, ...parts].join('\n')), files: [...files, ...locks] };
}

/** Every local file a module imports, directly or not (packages are covered by the lock file). */
async function moduleGraph(entry: string): Promise<string[] | undefined> {
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
      outdir: path.join(ENGINE_ROOT, '.site-cache', 'graph'),
      // Stylesheets, fonts and images are bundled for the browser, and their hashed names reach the pages anyway.
      loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty', '.svg': 'empty', '.png': 'empty' },
    });
    return Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes(':'))
      .map((input) => path.resolve(input));
  } catch {
    return undefined;
  }
}

/**
 * A hash of every file besides Markdown in these folders (images, fonts, the favicon): schemas
 * check that images exist, and templates read their sizes, so any change to one counts.
 */
export async function filesFingerprint(dirs: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const dir of dirs) {
    const files = (await fg(['**/*', '!**/*.md'], { cwd: dir, onlyFiles: true, dot: false })).sort();
    parts.push(dir, ...(await Promise.all(files.map(async (file) => `${file}\n${digest(await fs.readFile(path.join(dir, file)))}`))));
  }
  return digest(parts.join('\n'));
}
