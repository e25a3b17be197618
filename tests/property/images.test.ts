import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { makeImage } from '../fixtures/images/make-images.ts';
import { badImageBytes } from './arbitraries.ts';
import { settings, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 20;
const workspace = new Workspace();
let realImages: Buffer[] = [];
beforeAll(async () => {
  realImages = await Promise.all([makeImage(64, 48, 'png'), makeImage(64, 48, 'jpeg'), makeImage(40, 40, 'webp')]);
  await workspace.prime();
}, 120_000);
afterAll(() => workspace.remove());

/** Bytes for an image file: garbage, a real image cut short, or a real image under another format's name. */
const imageBytes = fc.oneof(
  badImageBytes,
  fc.tuple(fc.nat(2), fc.double({ min: 0, max: 1, noNaN: true })).map(([which, cut]) => ({ truncate: which, at: cut })),
  fc.nat(2).map((which) => ({ truncate: which, at: 1 })),
);

/** Where the bytes go: over the image every page shows, or a new file that one page names. */
const placement = fc.oneof(
  fc.constant({ kind: 'replace' as const }),
  fc.record({
    kind: fc.constant('new' as const),
    extension: fc.constantFrom('png', 'jpg', 'jpeg', 'webp', 'avif', 'svg', 'gif', 'PNG', 'txt'),
  }),
);

it(
  'images with garbage or truncated bytes, or the wrong extension, either build or fail with located errors, leaving dist/ as it was',
  async () => {
    await fc.assert(
      fc.asyncProperty(imageBytes, placement, async (spec, where) => {
        const content = workspace.freshContent();
        const bytes =
          spec instanceof Uint8Array
            ? spec
            : realImages[spec.truncate]!.subarray(0, Math.floor(realImages[spec.truncate]!.length * spec.at));
        if (where.kind === 'replace') {
          fs.writeFileSync(path.join(content, 'images/pic.svg'), bytes);
        } else {
          const name = `/images/odd.${where.extension}`;
          fs.writeFileSync(path.join(content, name), bytes);
          const page = path.join(content, 'projects/alpha.md');
          fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace(/^image: .*$/m, `image: { path: "${name}", alt: "An odd image" }`));
        }
        await workspace.build(content);
        workspace.cleanRuns();
      }),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS),
);
