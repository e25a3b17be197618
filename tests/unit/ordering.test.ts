import { describe, expect, it } from 'vitest';
import { compareEntries, compareNewestFirst, type Sortable } from '../../src/content/ordering.ts';

const entry = (url: string, sort?: number, published?: string): Sortable => ({ url, data: { sort }, dates: { published } });
const urls = (list: Sortable[]) => list.map((e) => e.url);

describe('compareEntries (the one ordering)', () => {
  it('orders by sort ascending', () => {
    expect(urls([entry('/c', 30), entry('/a', 10), entry('/b', 20)].sort(compareEntries))).toEqual(['/a', '/b', '/c']);
  });

  it('puts entries with a sort before entries without one', () => {
    expect(urls([entry('/a'), entry('/z', 999), entry('/b')].sort(compareEntries))).toEqual(['/z', '/a', '/b']);
  });

  it('breaks ties in sort by path', () => {
    expect(urls([entry('/b', 10), entry('/a', 10)].sort(compareEntries))).toEqual(['/a', '/b']);
  });

  it('orders entries that all lack a sort by path', () => {
    expect(urls([entry('/projects/zeta'), entry('/projects/alpha'), entry('/projects/Beta')].sort(compareEntries))).toEqual([
      '/projects/Beta',
      '/projects/alpha',
      '/projects/zeta',
    ]);
  });

  it('always returns a number, never a boolean (the original defect)', () => {
    const results = [
      compareEntries(entry('/a'), entry('/b')),
      compareEntries(entry('/b'), entry('/a')),
      compareEntries(entry('/a'), entry('/a')),
      compareEntries(entry('/a', 1), entry('/b')),
    ];
    for (const result of results) expect(typeof result).toBe('number');
    expect(results).toEqual([-1, 1, 0, -1]);
  });

  it('handles zero and negative sorts as values, not as missing', () => {
    expect(urls([entry('/none'), entry('/zero', 0), entry('/neg', -5)].sort(compareEntries))).toEqual(['/neg', '/zero', '/none']);
  });

  it('gives the same order whatever the input order (deterministic)', () => {
    const list = [entry('/d'), entry('/c', 5), entry('/b'), entry('/a', 5), entry('/e', 1)];
    const expected = urls([...list].sort(compareEntries));
    for (let i = 0; i < 10; i++) {
      const shuffled = [...list].sort(() => Math.random() - 0.5);
      expect(urls(shuffled.sort(compareEntries))).toEqual(expected);
    }
    expect(expected).toEqual(['/e', '/a', '/c', '/b', '/d']);
  });
});

describe('compareNewestFirst', () => {
  it('orders by createdDate, newest first, undated last, ties by path', () => {
    const list = [
      entry('/old', undefined, '2019-01-01'),
      entry('/none'),
      entry('/new-b', undefined, '2026-05-12'),
      entry('/new-a', undefined, '2026-05-12'),
    ];
    expect(urls(list.sort(compareNewestFirst))).toEqual(['/new-a', '/new-b', '/old', '/none']);
  });
});
