import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { editFrontMatter, frontMatterEdit, markdownBody } from './arbitraries.ts';
import { PAGES, settings, snapshot, splitFile, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 3;
const BIN = path.resolve('bin/site');
const workspace = new Workspace();
const out = path.join(workspace.root, 'cli-dist');
const run = (content: string) => spawnSync(BIN, ['build', '--content', content, '--out', out], { encoding: 'utf8', timeout: 120_000 });

beforeAll(() => expect(run(workspace.freshContent()).status).toBe(0), 120_000);
afterAll(() => workspace.remove());

it(
  'site build on broken input exits 1 with one located line per problem, never a stack trace, and keeps the previous output',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAGES),
        markdownBody,
        fc.array(frontMatterEdit, { minLength: 1, maxLength: 2 }),
        async (page, body, edits) => {
          const content = workspace.freshContent();
          const file = path.join(content, page);
          const { frontMatter } = splitFile(fs.readFileSync(file, 'utf8'));
          fs.writeFileSync(file, editFrontMatter(`---\n${frontMatter.join('\n')}\n---\n${body}`, edits));
          const before = snapshot(out);
          const result = run(content);
          expect([0, 1], result.stderr).toContain(result.status);
          expect(result.stderr, 'a stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
          if (result.status === 1) {
            const lines = result.stderr.split('\n').filter((line) => line && !/^\s/.test(line));
            const summary = lines.pop();
            expect(summary).toMatch(/^✖ \d+ errors? in \d+ of \d+ files/);
            for (const line of lines) expect(line).toMatch(/^\S.*:\d+ {2}\S/);
            expect(snapshot(out), 'a failed build changed the output folder').toEqual(before);
          }
          workspace.cleanRuns();
        },
      ),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS) * 2,
);
