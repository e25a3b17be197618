// @ts-check
/**
 * How `bin/site` loads the CLI. Through tsx, Node imports the engine's and the site's few hundred
 * modules one round trip to tsx's loader thread at a time: about half a second before any work,
 * most of an incremental build of the real site. From one bundle of them (packages left to Node)
 * that takes a fraction. So a run loads the bundle an earlier run made, when none of the files it
 * was made from has changed since; else it loads through tsx, and starts a process of its own
 * making a bundle for the next run (the command does not wait for it). `SITE_NO_BUNDLE=1` always
 * loads through tsx; `SITE_DEBUG_LAUNCH=1` says which way a run loaded.
 *
 * Plain JavaScript: it runs before tsx is loaded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshBundle } from './bundle-list.mjs';
import { cliBundleList, SITE_MODULE } from './cli-bundle-list.mjs';

/** A maker that started this long ago and left its lock behind has failed; another may start. */
const MAKER_TIMEOUT_MS = 120_000;

/** @param {string[]} argv the process's, as `process.argv` */
export async function launch(argv) {
  const siteModule = path.resolve(projectRoot(argv.slice(2)), SITE_MODULE);
  const bundle = process.env.SITE_NO_BUNDLE ? undefined : freshBundle(cliBundleList(siteModule));
  if (bundle) {
    debug(`loaded from ${bundle}`);
    await import(pathToFileURL(bundle).href);
    return;
  }
  if (!process.env.SITE_NO_BUNDLE && fs.existsSync(siteModule)) startMaker(siteModule);
  const { register } = await import('tsx/esm/api');
  register();
  // Worker threads do not inherit tsx registered this way: the engine passes it to them.
  (await import('./bundled.ts')).tsxRegisteredByLauncher();
  await import('../cli/main.ts');
}

/**
 * The project folder the CLI will use: `--root`'s value wherever it is given, else the working
 * folder. A wrong guess costs only time: the CLI then loads the site through tsx.
 * @param {string[]} args
 * @returns {string}
 */
export function projectRoot(args) {
  let root = process.cwd();
  for (let i = 0; i < args.length; i++) {
    const arg = /** @type {string} */ (args[i]);
    if (arg === '--') break;
    if (arg === '--root' && i + 1 < args.length) root = /** @type {string} */ (args[++i]);
    else if (arg.startsWith('--root=')) root = arg.slice('--root='.length);
  }
  return path.resolve(root);
}

/** @param {string} siteModule */
function startMaker(siteModule) {
  const lock = `${cliBundleList(siteModule)}.making`;
  try {
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    const stat = fs.statSync(lock, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs < MAKER_TIMEOUT_MS) return;
    fs.writeFileSync(lock, String(process.pid));
    const maker = fileURLToPath(new URL('./make-cli-bundle.ts', import.meta.url));
    spawn(process.execPath, ['--import', import.meta.resolve('tsx'), maker, siteModule], { detached: true, stdio: 'ignore' }).unref();
    debug(`loaded through tsx; making a bundle for the next run`);
  } catch {
    // No bundle this time: the next run loads through tsx again and tries again.
  }
}

/** @param {string} message */
function debug(message) {
  if (process.env.SITE_DEBUG_LAUNCH) console.error(`site: ${message}`);
}
