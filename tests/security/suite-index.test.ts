import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 39, must-have 8: the attack suite is found from docs/security.md ("How it is tested"),
// which names each attack's test. A test file of tests/security/ missing from it, or a name there
// that is no file, fails here.

const guide = fs.readFileSync('docs/security.md', 'utf8');
const section = guide.slice(guide.indexOf('\n## How it is tested'));
const named = new Set([...section.matchAll(/`(tests\/[\w./-]+\.test\.tsx?)`/g)].map((match) => match[1]!));

describe('the attack suite, as docs/security.md lists it', () => {
  it('names files that exist', () => {
    expect(named.size).toBeGreaterThan(10);
    for (const file of named) expect(fs.existsSync(file), file).toBe(true);
  });

  it('names every test of tests/security/', () => {
    const suite = fs
      .readdirSync('tests/security')
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.posix.join('tests/security', file));
    expect(suite.filter((file) => !named.has(file))).toEqual([]);
  });
});
