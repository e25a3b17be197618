import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/output/write.ts';
import { createSite } from '../../templates/site.ts';
import { editFrontMatter, frontMatterEdit, markdownBody } from './arbitraries.ts';
import { buildOptions, PAGES, settings, splitFile, timeoutFor, Workspace } from './workspace.ts';

const RUNS = 6;
const workspace = new Workspace();
beforeAll(() => workspace.prime(), 120_000);
afterAll(() => workspace.remove());

it(
  'two builds of the same input give byte-identical output, or the same diagnostics',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAGES),
        markdownBody,
        fc.option(fc.array(frontMatterEdit, { maxLength: 2 }), { freq: 3 }),
        async (page, body, edits) => {
          const content = workspace.freshContent();
          const file = path.join(content, page);
          const { frontMatter } = splitFile(fs.readFileSync(file, 'utf8'));
          fs.writeFileSync(file, editFrontMatter(`---\n${frontMatter.join('\n')}\n---\n${body}`, edits ?? []));
          const [first, second] = [memoryWriter(), memoryWriter()];
          const started = performance.now();
          const a = await build(createSite(content), first, buildOptions());
          const b = await build(createSite(content), second, buildOptions());
          expect(b.diagnostics).toEqual(a.diagnostics);
          expect([...second.files.keys()]).toEqual([...first.files.keys()]);
          for (const [name, bytes] of first.files)
            expect(Buffer.compare(Buffer.from(bytes), Buffer.from(second.files.get(name)!)), name).toBe(0);
          if (process.env.FC_STATS)
            console.log(
              page,
              body.length,
              edits?.length,
              Math.round(performance.now() - started),
              a.diagnostics.map((d) => d.code),
            );
          workspace.cleanRuns();
        },
      ),
      settings(RUNS),
    );
  },
  timeoutFor(RUNS),
);
