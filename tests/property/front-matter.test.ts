import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { editFrontMatter, frontMatterEdit } from './arbitraries.ts';
import { PAGES, settings, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 80;
const workspace = new Workspace();
beforeAll(() => workspace.prime(), 120_000);
afterAll(() => workspace.remove());

it(
  'mutated front matter (YAML syntax, wrong types, odd unicode, huge values) either builds or fails with located errors, leaving dist/ as it was',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAGES), fc.array(frontMatterEdit, { minLength: 1, maxLength: 2 }), async (page, edits) => {
        const content = workspace.freshContent();
        const file = path.join(content, page);
        fs.writeFileSync(file, editFrontMatter(fs.readFileSync(file, 'utf8'), edits));
        await workspace.build(content);
        workspace.cleanRuns();
      }),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS),
);
