import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { caseStudy } from '../../scripts/bench/corpus.ts';

/** The Markdown body of every content file of the site, then of the first `corpus` case studies of the benchmark corpus. */
export function siteAndCorpusBodies(corpus = 50): string[] {
  const bodies: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.md')) bodies.push(matter(fs.readFileSync(file, 'utf8')).content);
    }
  };
  walk(path.resolve('content'));
  for (let i = 0; i < corpus; i++) bodies.push(matter(caseStudy(i).text).content);
  return bodies;
}
