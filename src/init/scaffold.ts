import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILES } from '../site/load.ts';
import { InitError } from './init-error.ts';
import { multilingualPlan, type PlannedFile } from './multilingual-starter.ts';
import { mergePackageJson, packageName, type PackageJson, type StarterPackage } from './package-json.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';
import { CACHE_FOLDER } from '../core/cache-folder.ts';

export { InitError };

/** The starter sites `site init` writes: a blog (the default) and a documentation site. */
export const STARTERS = ['blog', 'docs'] as const;
export type StarterName = (typeof STARTERS)[number];

/**
 * What `site init --locales en,de` lays over each starter (see multilingual-starter.ts): the
 * files both starters in several languages share (the language switcher and its stylesheet),
 * then the starter's own files in several languages. What neither has (the stylesheet, the
 * favicon, tsconfig.json, the docs' English pages) is the one-language starter's.
 */
const SHARED_I18N = 'i18n';
const MULTILINGUAL: Readonly<Record<StarterName, string>> = { blog: 'blog-i18n', docs: 'docs-i18n' };

/** A starter's folder: kept as real files, so each is type-checked and built like any site. */
export function starterDir(starter: string): string {
  return fileURLToPath(new URL(`./starters/${starter}/`, import.meta.url));
}

/** Starter files stored under another name: npm leaves any `.gitignore` out of a package. */
const STORED_AS: Readonly<Record<string, string>> = { _gitignore: '.gitignore' };

/** What a build or a dev server may leave in the starter folder; never copied. */
const MACHINE_MADE = new Set(['node_modules', 'dist', CACHE_FOLDER]);

/** Conflicting files named one by one; a folder holding a whole site already gets a count for the rest. */
const SHOWN_CONFLICTS = 8;

export interface Scaffolded {
  /** Files written, relative to the folder, in order; package.json and .gitignore are said to be updated when they were. */
  files: Array<{ file: string; updated: boolean }>;
  /** What was changed in, or left alone of, files the folder had. */
  notes: string[];
}

/**
 * Writes the starter site into `target` (made if missing). Nothing is overwritten: when a starter
 * file, or another site definition, is already there, nothing at all is written. A package.json
 * gets what the site needs merged in, and a .gitignore the lines it lacks.
 */
export function scaffold(target: string, starter: StarterName = 'blog', options: { locales?: readonly string[] } = {}): Scaffolded {
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) throw new InitError(phrase('init-target-is-file', { target }));
  const plan = starterPlan(starter, options.locales);
  const files = plan.files.map(({ file }) => file);
  const conflicts = [
    ...files.filter((file) => file !== '.gitignore' && fs.existsSync(path.join(target, file))),
    // A second definition would be ambiguous: the engine loads the first it finds.
    ...CONFIG_FILES.filter((name) => !files.includes(name) && fs.existsSync(path.join(target, name))),
  ];
  if (conflicts.length) {
    throw new InitError(
      [
        displayPath(target) === '.' ? phrase('init-would-overwrite-here') : phrase('init-would-overwrite', { target: displayPath(target) }),
        ...conflicts.slice(0, SHOWN_CONFLICTS).map((file) => `  ${file}`),
        ...(conflicts.length > SHOWN_CONFLICTS ? [phrase('init-more-conflicts', { count: conflicts.length - SHOWN_CONFLICTS })] : []),
        phrase('init-how-to-start'),
      ].join('\n'),
    );
  }
  const packageFile = path.join(target, 'package.json');
  const existing = readPackageJson(packageFile);
  const { json, notes } = mergePackageJson(existing, starterPackage(path.basename(target)));
  notes.push(...plan.notes);

  fs.mkdirSync(target, { recursive: true });
  const written: Scaffolded['files'] = [{ file: 'package.json', updated: existing !== undefined }];
  fs.writeFileSync(packageFile, `${JSON.stringify(json, null, 2)}\n`);
  for (const planned of plan.files) {
    const { file } = planned;
    const to = path.join(target, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    if (file === '.gitignore' && fs.existsSync(to)) {
      if (appendMissingLines(to, 'text' in planned ? planned.text : fs.readFileSync(planned.from, 'utf8')))
        written.push({ file, updated: true });
      continue;
    }
    if ('text' in planned) fs.writeFileSync(to, planned.text, { flag: 'wx' });
    else fs.copyFileSync(planned.from, to, fs.constants.COPYFILE_EXCL);
    written.push({ file, updated: false });
  }
  return { files: written, notes };
}

/** What a starter writes, file by file; with `locales`, the blog in those languages. */
function starterPlan(starter: StarterName, locales: readonly string[] | undefined): { files: PlannedFile[]; notes: string[] } {
  if (!locales) {
    const dir = starterDir(starter);
    return { files: starterFiles(starter).map((file) => ({ file, from: path.join(dir, storedName(file)) })), notes: [] };
  }
  // Each file from the last layer that has it; a site's name for it read from its stored name.
  const source = new Map<string, string>();
  for (const layer of [starter, SHARED_I18N, MULTILINGUAL[starter]]) {
    for (const file of filesOf(starterDir(layer))) source.set(file, path.join(starterDir(layer), storedName(file)));
  }
  return multilingualPlan([...source.keys()].sort(), (file) => source.get(file)!, locales);
}

/** The name a starter's file is stored under in its folder (`_gitignore` for `.gitignore`). */
function storedName(file: string): string {
  const base = path.posix.basename(file);
  const stored = Object.keys(STORED_AS).find((name) => STORED_AS[name] === base);
  return stored ? path.posix.join(path.posix.dirname(file), stored) : file;
}

/** A starter's files as they are named in a site, relative and with `/`, sorted. */
export function starterFiles(starter: StarterName = 'blog'): string[] {
  return filesOf(starterDir(starter));
}

function filesOf(dir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (MACHINE_MADE.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else found.push(`${prefix}${STORED_AS[entry.name] ?? entry.name}`);
    }
  };
  walk(dir, '');
  return found.sort();
}

/** What the starter needs in package.json: the versions are this engine's own, and the React it supports. */
function starterPackage(folderName: string): StarterPackage {
  const engine = createRequire(import.meta.url)('../../package.json') as {
    name: string;
    version: string;
    peerDependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const pick = (from: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [name, from[name]!]));
  return {
    name: packageName(folderName),
    scripts: { dev: 'site serve', build: 'site build', check: 'tsc' },
    dependencies: { [engine.name]: `^${engine.version}`, ...pick(engine.peerDependencies, ['react', 'react-dom']) },
    devDependencies: pick(engine.devDependencies, ['@types/node', '@types/react', '@types/react-dom', 'typescript']),
  };
}

function readPackageJson(file: string): PackageJson | undefined {
  if (!fs.existsSync(file)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InitError(phrase('init-package-json-invalid', { file: displayPath(file), reason: (error as Error).message }));
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new InitError(phrase('init-package-json-not-object', { file: displayPath(file) }));
  return json as PackageJson;
}

/** Adds the lines of `wanted` that `file` lacks; true when it added any. */
function appendMissingLines(file: string, wanted: string): boolean {
  const text = fs.readFileSync(file, 'utf8');
  const have = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const missing = wanted.split('\n').filter((line) => line.trim() && !have.has(line.trim()));
  if (!missing.length) return false;
  fs.appendFileSync(file, `${text && !text.endsWith('\n') ? '\n' : ''}${missing.join('\n')}\n`);
  return true;
}

/** A path as the user would type it from where they are. */
export function displayPath(file: string): string {
  return path.relative(process.cwd(), file) || '.';
}
