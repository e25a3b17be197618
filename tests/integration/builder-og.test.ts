import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryWriter } from '../../src/output/write.ts';
import { createBuilder } from '../../src/serve/builder.ts';
import { loadSite } from '../../src/site/load.ts';
import { projectWorkFolder } from '../helpers/temp-folders.ts';

const work = projectWorkFolder('builder-og-');

describe('a builder kept in memory, on a site with social images', () => {
  it("fingerprints the social images' code once: its code is what it loaded, for its whole life", async () => {
    const root = path.join(work, 'site');
    fs.cpSync(path.resolve('docs/examples/social-images'), root, { recursive: true });
    const site = await loadSite(root);
    const builder = createBuilder(site, memoryWriter(), { threads: 0, og: { threads: 0, cacheDir: path.join(work, 'og') } });
    expect((await builder.rebuild()).diagnostics).toEqual([]);

    // A template that no longer builds is the next builder's to find (site serve starts one on a
    // code edit); this one keeps what it fingerprinted, and re-plans the edited page's card with it.
    fs.writeFileSync(path.join(root, 'og/Card.tsx'), 'export default function ( {');
    fs.appendFileSync(path.join(root, 'content/about.md'), '\nOne more line.\n');
    const result = await builder.rebuild();
    expect(result.diagnostics).toEqual([]);
    expect(result.changed).toContain('about/index.html');
  }, 120_000);
});
