import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/output/write.ts';
import { loadSite } from '../../src/site/load.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';

const work = projectWorkFolder('og-failing-content-');

describe('a build whose content has a mistake, after one that drew social images', () => {
  it('reports the mistake alone: the pages it carries over still link to their images', async () => {
    const root = path.join(work, 'site');
    fs.cpSync(path.resolve('docs/examples/social-images'), root, { recursive: true });
    const options = { og: { cacheDir: path.join(work, 'og'), threads: 0 }, threads: 0, cache: { dir: path.join(work, 'cache') } };
    const out = path.join(work, 'dist');
    const first = await build(await loadSite(root), diskWriter(out), options);
    expect(first.diagnostics).toEqual([]);
    expect(fs.existsSync(path.join(out, 'og/about.png'))).toBe(true);

    fs.writeFileSync(path.join(root, 'content/index.md'), '---\ntitle: Cards\n---\nNo description.\n');
    const second = await build(await loadSite(root), diskWriter(out), options);
    expect(second.diagnostics.map((d) => `${d.code} ${path.relative(root, d.file ?? '')}`)).toEqual(['missing-field content/index.md']);
  }, 120_000);
});
