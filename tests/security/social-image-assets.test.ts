import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read.ts';
import type { Entry } from '../../src/content/entry.ts';
import { planOgImages } from '../../src/og/plan.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';
import { ogSetup } from '../fixtures/og/setup.ts';

// Issue 39: the assets a social image embeds are read only where the static files' listing would
// publish them. The check looked at the last part of the path alone, so an asset through a link
// to a folder outside the project, or in a dot-folder, was read and embedded.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'security-og-assets-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('an asset of a social image', () => {
  it('is never read through a link to a folder or from a dot-folder: the image is refused as missing the asset', async () => {
    const content = path.join(work, 'content');
    fs.cpSync(path.resolve('tests/fixtures/minimal/content'), content, { recursive: true });
    const outside = path.join(work, 'outside');
    fs.mkdirSync(outside);
    const secret = '<svg xmlns="http://www.w3.org/2000/svg"><text>OUTSIDE SECRET</text></svg>';
    fs.writeFileSync(path.join(outside, 'mark.svg'), secret);
    fs.symlinkSync(outside, path.join(content, 'ext'));
    fs.mkdirSync(path.join(content, '.private'));
    fs.writeFileSync(path.join(content, '.private', 'mark.svg'), secret);
    const site = createMinimalSite(content);
    const { catalogue } = await readContent(site);
    const planWith = (asset: string) =>
      planOgImages(
        {
          ...site,
          og: {
            ...ogSetup,
            image: (entry: Entry) => ({ template: 'plain', props: {}, assets: { mark: asset }, alt: entry.data.title }),
          },
        },
        catalogue,
      );
    for (const asset of ['/ext/mark.svg', '/.private/mark.svg']) {
      const plan = await planWith(asset);
      // One error per page, each naming the asset.
      expect(plan.diagnostics).toHaveLength(catalogue.entries.length);
      for (const diagnostic of plan.diagnostics)
        expect([diagnostic.code, diagnostic.message]).toEqual(['og-image-invalid', expect.stringContaining(`embeds ${asset}`)]);
      expect(JSON.stringify(plan.jobs)).not.toContain(Buffer.from(secret).toString('base64'));
    }
    // The same asset where the listing publishes it is read.
    fs.copyFileSync(path.join(outside, 'mark.svg'), path.join(content, 'images', 'mark.svg'));
    expect((await planWith('/images/mark.svg')).diagnostics).toEqual([]);
  });
});
