// Builds what the package ships: src/ compiled to lib/ (JavaScript, declarations, source maps)
// by tsconfig.lib.json, and the starter of `site init` copied beside its command as it is.
// Run by `npm run build:lib` and, through `prepack`, by `npm pack` and `npm publish`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lib = path.join(root, 'lib');
// The compiler's command, by path: its package exports no subpath to it.
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

// A clean folder, so nothing of a module since removed or renamed is shipped.
fs.rmSync(lib, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// Only the starter's own files: not what a build of it may have left there.
const machineMade = new Set(['node_modules', 'dist', '.site-cache']);
fs.cpSync(path.join(root, 'src/init/starter'), path.join(lib, 'init/starter'), {
  recursive: true,
  filter: (file) => !machineMade.has(path.basename(file)),
});
