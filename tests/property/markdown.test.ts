import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { markdownBody } from './arbitraries.ts';
import { PAGES, settings, splitFile, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 25;
const workspace = new Workspace();
beforeAll(() => workspace.prime(), 120_000);
afterAll(() => workspace.remove());

it(
  'random Markdown (raw HTML, deep nesting, odd links, entities, unicode) either builds or fails with located errors, leaving dist/ as it was',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAGES), markdownBody, async (page, body) => {
        const content = workspace.freshContent();
        const file = path.join(content, page);
        const { frontMatter } = splitFile(fs.readFileSync(file, 'utf8'));
        fs.writeFileSync(file, `---\n${frontMatter.join('\n')}\n---\n${body}`);
        await workspace.build(content);
        workspace.cleanRuns();
      }),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS),
);
