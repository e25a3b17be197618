import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { nameSegment } from './arbitraries.ts';
import { settings, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 25;
const workspace = new Workspace();
beforeAll(() => workspace.prime(), 120_000);
afterAll(() => workspace.remove());

/** A valid page of each collection, to copy under a new name. */
const TEMPLATES = [
  'projects/alpha.md',
  'blogs/first-post.md',
  'services/data.md',
  'about/team/ada-lovelace.md',
  'about/company.md',
  'privacy-policy.md',
];

/** A file name made of one to three segments, with or without the .md extension spelled oddly. */
const fileName = fc
  .tuple(fc.array(nameSegment, { minLength: 1, maxLength: 3 }), fc.constantFrom('.md', '.md', '.md', '.MD', '.md.md', '.markdown', ''))
  .map(([segments, extension]) => segments.join('') + extension);

it(
  'pages and images under odd names (spaces, unicode, dots, case clashes) either build or fail with located errors, leaving dist/ as it was',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...TEMPLATES), fileName, fc.boolean()), { minLength: 1, maxLength: 3 }),
        async (copies) => {
          const content = workspace.freshContent();
          for (const [template, name, inSubfolder] of copies) {
            const folder = path.join(content, path.dirname(template), inSubfolder ? name.replace(/\.md$/i, '') : '');
            const target = path.join(folder, name);
            // Names the file system itself refuses (too long, say) are no input a build can be given.
            try {
              fs.mkdirSync(folder, { recursive: true });
              fs.copyFileSync(path.join(content, template), target);
              fs.copyFileSync(path.join(content, 'images/pic.svg'), path.join(content, 'images', name.replace(/\.\w+$/, '') + '.svg'));
            } catch {
              // That copy is left out; the others are built.
            }
          }
          await workspace.build(content);
          workspace.cleanRuns();
        },
      ),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS),
);
