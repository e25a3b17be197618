import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBundle, renderWorkerBundle } from '../../src/parallel/worker-bundle.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-worker-bundle-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
process.env.SITE_WORKER_BUNDLES = path.join(work, 'bundles');

const site = path.join(work, 'templates', 'site.ts');
const part = path.join(work, 'templates', 'lib', 'part.ts');
fs.mkdirSync(path.dirname(part), { recursive: true });
fs.writeFileSync(site, `import { here } from './lib/part.ts';\nexport default { here, file: import.meta.filename };\n`);
fs.writeFileSync(part, `export const here: string = import.meta.dirname;\n`);

describe('the bundle render workers load the site from', () => {
  it('is made when there is none, reused while its files are unchanged, and made again when one changes', async () => {
    const none = renderWorkerBundle(site);
    expect(none.file).toBeUndefined();
    const made = await none.refresh;
    expect(made).toBeDefined();
    expect(fs.existsSync(made!)).toBe(true);

    expect(renderWorkerBundle(site)).toEqual({ file: made });

    fs.writeFileSync(part, `export const here: string = import.meta.dirname + '/';\n`);
    const stale = renderWorkerBundle(site);
    expect(stale.file).toBeUndefined();
    const remade = await stale.refresh;
    expect(remade).toBeDefined();
    expect(remade).not.toBe(made);
    expect(renderWorkerBundle(site)).toEqual({ file: remade });
  });

  it('keeps each module’s own location where it asks for import.meta', async () => {
    fs.writeFileSync(part, `export const here: string = import.meta.dirname;\n`);
    const code = fs.readFileSync((await makeBundle(site))!, 'utf8');
    expect(code).not.toMatch(/import\.meta\.(dirname|filename)/);
    expect(code).toContain(JSON.stringify(path.dirname(part)));
    expect(code).toContain(JSON.stringify(site));
  });

  it('is not made for a module esbuild cannot bundle', async () => {
    const broken = path.join(work, 'broken', 'site.ts');
    fs.mkdirSync(path.dirname(broken), { recursive: true });
    fs.writeFileSync(broken, `import missing from './missing.ts';\nexport default missing;\n`);
    expect(await makeBundle(broken)).toBeUndefined();
    expect(renderWorkerBundle(broken).file).toBeUndefined();
  });
});
