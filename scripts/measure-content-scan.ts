/**
 * What reading plain Markdown costs on 10,000 generated cheat-sheet files: the scan, the second
 * walk that finds Markdown-like files the scan passes over, and computing titles and descriptions.
 * Run: node scripts/measure-content-scan.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scanContent } from '../src/content/scan.ts';
import { skippedContent } from '../src/content/skipped.ts';
import { firstHeading, firstParagraph } from '../src/content/computed.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-measure-'));
for (let i = 0; i < 10_000; i++) {
  const folder = path.join(dir, `f${i % 100}`);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, `cmd-${i}.md`),
    `# cmd-${i}\n\n> Does thing ${i}.\n> More information: <https://example.com/${i}>.\n\n- Do it:\n\n\`cmd-${i} --flag\`\n`,
  );
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scan: number[] = [],
  skip: number[] = [],
  comp: number[] = [];
for (let run = 0; run < 5; run++) {
  let t = performance.now();
  const { sources } = await scanContent({ root: dir, contentDir: dir });
  scan.push(performance.now() - t);
  t = performance.now();
  await skippedContent(dir, new Set(sources.map((source) => source.relative)), () => false);
  skip.push(performance.now() - t);
  t = performance.now();
  for (const source of sources) {
    firstHeading(source.text);
    firstParagraph(source.text);
  }
  comp.push(performance.now() - t);
}
console.log(
  `10,000 files, median of 5: scan ${median(scan).toFixed(0)} ms, skipped-files glob ${median(skip).toFixed(0)} ms, firstHeading+firstParagraph ${median(comp).toFixed(0)} ms`,
);
fs.rmSync(dir, { recursive: true, force: true });
