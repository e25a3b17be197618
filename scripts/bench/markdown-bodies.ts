/**
 * CPU time to render the site's Markdown bodies with one engine tree's processor, to compare two
 * trees (the same content, the engine before and after a change to the Markdown pipeline):
 *
 *   node scripts/bench/markdown-bodies.ts /path/to/other/tree    # then
 *   node scripts/bench/markdown-bodies.ts .
 *
 * Each of 7 rounds renders every body of `content/` five times (a space added, so no cache
 * answers); the figure is the median round's CPU time (user + system), which a busy machine
 * disturbs less than wall time. Nothing is timed in tests.
 */
import fs from 'node:fs';
import path from 'node:path';

const tree = path.resolve(process.argv[2] ?? '.');
const { renderContentMarkdown } = await import(path.join(tree, 'src/render/markdown.ts'));
const files = fs
  .globSync('content/**/*.md')
  .map((file) => ({ relative: file.slice('content/'.length), body: fs.readFileSync(file, 'utf8').split(/^---$/m).slice(2).join('---') }));
const rounds: number[] = [];
for (let round = 0; round < 7; round++) {
  const start = process.cpuUsage();
  for (let pass = 0; pass < 5; pass++)
    for (const file of files)
      renderContentMarkdown(file.body + ' '.repeat(pass), { file: file.relative, bodyLine: 1, relative: file.relative });
  const used = process.cpuUsage(start);
  rounds.push((used.user + used.system) / 1000);
}
rounds.sort((a, b) => a - b);
console.log(`${tree}: median CPU ${rounds[3]!.toFixed(0)} ms for ${files.length * 5} bodies`);
