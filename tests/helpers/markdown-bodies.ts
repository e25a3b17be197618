import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { expect } from 'vitest';
import { caseStudy } from '../../scripts/bench/corpus.ts';
import { markdownBody } from '../property/arbitraries.ts';
import { settings } from '../property/workspace.ts';

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

/**
 * Asserts, on `runs` random Markdown bodies, that the two renderings `bothWays` gives agree. A body
 * nested deep enough to exhaust the stack may throw a RangeError instead, and nothing else may.
 */
export function expectSameOnRandomMarkdown(bothWays: (body: string) => [string, string], runs: number): void {
  fc.assert(
    fc.property(markdownBody, (body) => {
      let results: [string, string];
      try {
        results = bothWays(body);
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        return;
      }
      expect(results[1]).toBe(results[0]);
    }),
    settings(runs),
  );
}
