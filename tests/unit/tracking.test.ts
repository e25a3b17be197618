import { describe, expect, it } from 'vitest';
import { changedFacts, fingerprint } from '../../src/runner/reuse/facts.ts';
import { createTracker } from '../../src/runner/reuse/tracking.ts';
import { createCatalogue, type Catalogue } from '../../src/content/catalogue.ts';
import type { Entry } from '../../src/content/entry.ts';
import { createSiteContext } from '../../src/site/context.ts';
import type { SiteDefinition } from '../../src/site/definition.ts';
import { buildMenus } from '../../templates/menus.ts';
import { relatedCaseStudies } from '../../templates/lib/related.ts';
import type { CaseStudy } from '../../templates/schemas.ts';
import { makeEntry } from '../helpers/entries.ts';

const site = createSiteContext({ name: 'T', lang: 'en', origin: 'https://t.example' } as SiteDefinition);
const projects = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeEntry('projects', `/projects/p${i}`, { sort: i, tags: [['aws', 'java', 'retail'][i % 3]!, 'python'] }),
  );
const trackerOf = (entries: Entry[]) => {
  const catalogue = createCatalogue(entries);
  return { catalogue, tracker: createTracker(catalogue, site) };
};

describe('the tracking catalogue', () => {
  it('records the collection answers and the fields of other entries a page reads, never its own', () => {
    const { tracker } = trackerOf(projects(3));
    const { value, reads } = tracker.record('/projects/p0', () => tracker.catalogue.collection('projects').map((e) => e.data.title));
    expect(value).toEqual(['Title of /projects/p0', 'Title of /projects/p1', 'Title of /projects/p2']);
    expect([...reads].sort()).toEqual(['e:/projects/p1#data.title', 'e:/projects/p2#data.title', 'q:["projects",false,false,"sort"]']);
  });

  it('records lookups by path and the whole list, and what a page spreads or serializes', () => {
    const { tracker } = trackerOf(projects(2));
    const { reads } = tracker.record('/x', () => {
      tracker.catalogue.byPath('/projects/p1');
      JSON.stringify(tracker.catalogue.entries[0]!.data);
    });
    // Serializing reads every field, and the whole set of fields (`data`).
    expect([...reads]).toEqual(expect.arrayContaining(['all', 'e:/projects/p0#data', 'e:/projects/p0#data.title', 'p:/projects/p1']));
  });

  it('hands each page answers of its own that behave like frozen arrays of the same entries', () => {
    const { tracker } = trackerOf(projects(5));
    const first = tracker.record('/a', () => tracker.catalogue.collection('projects')).value;
    const again = tracker.record('/a', () => tracker.catalogue.collection('projects')).value;
    expect(first).not.toBe(again);
    expect(first.length).toBe(5);
    expect(Array.isArray(first)).toBe(true);
    expect(first[2]).toBe(again[2]);
    expect(first.includes(again[4]!)).toBe(true);
    expect([...first].map((e) => e.url)).toEqual(first.slice(0).map((e) => e.url));
    expect(Object.keys(first)).toEqual(['0', '1', '2', '3', '4']);
    expect(JSON.parse(JSON.stringify(first.slice(0, 1)))[0].url).toBe('/projects/p0');
    expect(() => (first as Entry[]).push(first[0]!)).toThrow(TypeError);
  });

  it('computes a derived value once, and makes every page that uses it depend on what it read', () => {
    const { tracker } = trackerOf(projects(4));
    let computed = 0;
    function count(c: Catalogue) {
      computed++;
      return c.collection('projects').filter((e) => e.data.sort! > 1).length;
    }
    const derive = () => tracker.catalogue.derive(count);
    const a = tracker.record('/a', derive);
    const b = tracker.record('/b', derive);
    expect([a.value, b.value, computed]).toEqual([2, 2, 1]);
    const [key] = [...tracker.derived.keys()];
    expect(key).toMatch(/^count:/);
    expect([...a.reads]).toEqual([`d:${key}`]);
    expect([...b.reads]).toEqual([`d:${key}`]);
    expect([...tracker.derived.get(key!)!]).toContain('e:/projects/p3#data.sort');
  });

  it('refuses a new function for a derived value on each page (a closure over what differs between pages)', () => {
    const { tracker } = trackerOf(projects(2));
    const page = (limit: number) => () => tracker.catalogue.derive((c) => c.collection('projects').slice(0, limit));
    tracker.record('/a', page(1));
    expect(() => tracker.record('/b', page(2))).toThrow(/a function declared at the top level of a module/);
  });
});

describe('changed facts', () => {
  const before = projects(3);
  const { catalogue: old, tracker } = trackerOf(before);
  const sorts = (c: Catalogue) => c.collection('projects').map((e) => e.data.sort);
  const { reads } = tracker.record('/page', () => {
    tracker.catalogue.collection('projects').forEach((e) => {
      void e.data.title;
    });
    tracker.catalogue.derive(sorts);
  });
  const [sortsKey] = [...tracker.derived.keys()];
  const facts = new Map([...reads, ...tracker.derived.get(sortsKey!)!].map((fact) => [fact, fingerprint(fact, old, site)]));
  const derived = new Map([[sortsKey!, [...tracker.derived.get(sortsKey!)!]]]);
  const edited = (change: (entries: Entry[]) => Entry[]): Catalogue =>
    createCatalogue(change(before.map((e) => ({ ...e, data: { ...e.data } }))));

  it('finds nothing changed when no entry was touched, without computing anything', () => {
    const poisoned = {
      ...old,
      byPath: () => {
        throw new Error('computed');
      },
    } as Catalogue;
    expect(changedFacts(facts, derived, new Set(), poisoned, site)).toEqual(new Set());
  });

  it('finds the one field that changed, and the derived values that read it', () => {
    const titled = edited((entries) => {
      entries[1]!.data.title = 'New title';
      return entries;
    });
    expect([...changedFacts(facts, derived, new Set(['/projects/p1']), titled, site)]).toEqual(['e:/projects/p1#data.title']);
    const resorted = edited((entries) => {
      entries[1]!.data.sort = 99;
      return entries;
    });
    expect([...changedFacts(facts, derived, new Set(['/projects/p1']), resorted, site)].sort()).toEqual([
      `d:${sortsKey}`,
      'e:/projects/p1#data.sort',
      'q:["projects",false,false,"sort"]',
    ]);
  });

  it('finds a removed entry in the answers that listed it', () => {
    const removed = edited((entries) => entries.slice(0, 2));
    expect(changedFacts(facts, derived, new Set(['/projects/p2']), removed, site)).toContain('q:["projects",false,false,"sort"]');
  });
});

describe('what a case study page reads', () => {
  // The facts a page depends on must not grow with the site: checking them would then be quadratic.
  const factsPerPage = (n: number) => {
    const { tracker } = trackerOf(projects(n));
    const page = (url: string) =>
      tracker.record(url, () => {
        buildMenus(tracker.catalogue);
        const self = tracker.catalogue.byPath(url) as Entry<CaseStudy>;
        relatedCaseStudies(self, tracker.catalogue, 3).forEach((e) => {
          void [e.data.title, e.data.description, e.data.tags];
        });
      }).reads.size;
    return [page('/projects/p5'), page(`/projects/p${n - 1}`)];
  };

  it('is the same few facts with a hundred case studies or ten thousand', () => {
    const small = factsPerPage(100);
    const large = factsPerPage(10_000);
    expect(large).toEqual(small);
    expect(small[0]).toBeLessThan(40);
  });
});
