import { describe, expect, it } from 'vitest';
import { cacheRules } from '../../src/security/headers.ts';

describe('cacheRules', () => {
  it('writes one rule for a path that two files answer (a page at /404/ and 404.html), so hosts never send a header twice', () => {
    const rules = cacheRules(['404.html', '404/index.html', 'index.html', 'assets/a.css'], new Set(['assets/a.css']));
    const patterns = rules.map((rule) => rule.pattern);
    expect(patterns.filter((pattern) => pattern === '/404')).toEqual(['/404']);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
