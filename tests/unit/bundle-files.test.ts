import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { keepModuleLocations } from '../../src/launch/bundle-files.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bundle-files-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const module = path.join(work, 'module.ts');
fs.writeFileSync(module, `export const where = [import.meta.url, import.meta.dirname, import.meta.filename];\n`);
const bundleWith = async (plugin: esbuild.Plugin) =>
  (await esbuild.build({ entryPoints: [module], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent', plugins: [plugin] })).outputFiles[0]!.text;

describe('keepModuleLocations', () => {
  it("writes each module's own location in place of import.meta", async () => {
    const code = await bundleWith(keepModuleLocations);
    expect(code).not.toContain('import.meta');
    for (const location of [pathToFileURL(module).href, work, module]) expect(code).toContain(JSON.stringify(location));
  });

  // The CLI's bundle holds the code that makes the render workers' bundles: bundled with itself,
  // the plugin once had its own search strings replaced, and workers then failed to start.
  it('works the same from a bundle made with it', async () => {
    const pluginBundle = path.join(work, 'plugin.mjs');
    await esbuild.build({ entryPoints: [path.resolve('src/launch/bundle-files.ts')], bundle: true, format: 'esm', platform: 'node', packages: 'external', outfile: pluginBundle, logLevel: 'silent', plugins: [keepModuleLocations] });
    const bundled = (await import(pathToFileURL(pluginBundle).href)) as { keepModuleLocations: esbuild.Plugin };
    expect(await bundleWith(bundled.keepModuleLocations)).toBe(await bundleWith(keepModuleLocations));
  });
});
