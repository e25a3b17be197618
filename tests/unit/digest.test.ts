import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digest } from '../../src/core/digest.ts';

describe('digest', () => {
  it('separates its parts, so moving a boundary changes the hash', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
    expect(digest('ab', 'c')).toBe(digest('ab', 'c'));
    expect(digest(new TextEncoder().encode('x'))).toBe(digest('x'));
  });

  it('hashes one part as it is: the record of the last build keeps the keys it had', () => {
    expect(digest('page')).toBe(createHash('sha1').update('page').digest('base64url').slice(0, 20));
    expect(digest('page')).toMatch(/^[\w-]{20}$/);
    expect(digest('a', 'b')).toMatch(/^[\w-]{20}$/);
  });
});
