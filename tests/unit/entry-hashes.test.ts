import { describe, expect, it } from 'vitest';
import type { Entry, Route } from '../../src/content/entry.ts';
import { entryHashes, type HashedSite } from '../../src/runner/reuse/entry-hashes.ts';
import { makeEntry } from '../helpers/entries.ts';

const route = (entry: Entry): Route => ({ url: entry.url, outPath: `${entry.url.slice(1)}.html`, template: 'page', entry, noindex: false });

/** A site of two Markdown pages and one data record, with `texts` the hashes of the Markdown files' texts. */
function site(
  texts: Record<string, string>,
  more: { derived?: Entry[]; fallbacks?: Entry[]; mdx?: Record<string, string> } = {},
): HashedSite {
  const a = makeEntry('pages', '/a');
  const b = makeEntry('pages', '/b');
  const alice = makeEntry('team', '/team/alice', {}, { relative: 'team.yaml' });
  const entries = [a, b, alice];
  const catalogue = [...entries, ...(more.derived ?? [])];
  return {
    content: { entries, records: new Map([[alice, 'record-hash']]) },
    fileHash: (relative) => texts[relative],
    routes: { routes: [...catalogue, ...(more.fallbacks ?? [])].map(route), catalogue: { entries: catalogue } },
    mdx: { hashes: more.mdx ?? {} },
  };
}

describe('the entry hashes of the runner', () => {
  it('change with a Markdown file’s text and only that page’s', () => {
    const before = entryHashes(site({ 'a.md': 'one', 'b.md': 'two' }));
    const after = entryHashes(site({ 'a.md': 'edited', 'b.md': 'two' }));
    expect([...before.keys()]).toEqual(['/a', '/b', '/team/alice']);
    expect(after.get('/a')).not.toBe(before.get('/a'));
    expect(after.get('/b')).toBe(before.get('/b'));
  });

  it('take a data record’s own hash, and leave out an entry whose file has none', () => {
    const hashes = entryHashes(site({ 'a.md': 'one' }));
    expect(hashes.get('/team/alice')).toBe('record-hash');
    expect(hashes.has('/b')).toBe(false);
  });

  it('hash a derived page by its data, a fallback page by its original and locale, and an MDX page with its bundle', () => {
    const tags = makeEntry('tags', '/tags/x', { title: 'X' }, { relative: '', file: '' });
    const copy = makeEntry('pages', '/de/a', {}, { fallbackOf: '/a', locale: 'de' });
    const texts = { 'a.md': 'one', 'b.md': 'two' };
    const plain = entryHashes(site(texts, { derived: [tags], fallbacks: [copy] }));
    expect(plain.get('/de/a')).toBe(`${plain.get('/a')}:de`);
    const retitled = entryHashes(site(texts, { derived: [{ ...tags, data: { title: 'Y' } }] }));
    expect(retitled.get('/tags/x')).not.toBe(plain.get('/tags/x'));
    const bundled = (bundle: string) => entryHashes(site(texts, { mdx: { '/content/b.md': bundle } })).get('/b');
    expect(bundled('v1')).not.toBe(plain.get('/b'));
    expect(bundled('v2')).not.toBe(bundled('v1'));
  });
});
