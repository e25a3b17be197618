import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read.ts';
import { ogImageUrl, type OgImageSpec } from '../../src/site/social-images.ts';
import { planOgImages } from '../../src/og/plan.ts';
import type { Entry } from '../../src/content/entry.ts';
import { createMinimalSite } from '../fixtures/minimal/site.tsx';
import { ogSetup } from '../fixtures/og/setup.ts';
import { scriptsSetup } from '../fixtures/og/scripts-setup.ts';

const base = createMinimalSite();
const { catalogue } = await readContent(base);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-og-plan-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Plans the minimal site's images with one spec for its home page and a plain card for the rest. */
const planWith = (home: OgImageSpec | (() => never), templates = ogSetup.templates) =>
  planOgImages(
    {
      ...base,
      og: {
        ...ogSetup,
        templates,
        image: (entry: Entry) =>
          entry.url !== '/'
            ? { template: 'plain', props: { title: entry.data.title }, alt: entry.data.title }
            : typeof home === 'function'
              ? home()
              : home,
      },
    },
    catalogue,
  );

describe('ogImageUrl', () => {
  it.each([
    ['/', '/og/index.png'],
    ['/about', '/og/about.png'],
    ['/projects/acme', '/og/projects/acme.png'],
    ['/projects/acme/', '/og/projects/acme.png'],
  ])('%s → %s', (pageUrl, expected) => {
    expect(ogImageUrl(pageUrl)).toBe(expected);
  });
});

describe('planOgImages', () => {
  it('plans nothing for a site without social images', async () => {
    expect(await planOgImages(base, catalogue)).toEqual({ refs: new Map(), jobs: [], diagnostics: [] });
  });

  it('plans a drawn image per page, with its assets inlined as data: URLs and a key per image', async () => {
    const plan = await planWith({ template: 'plain', props: { title: 'Home' }, assets: { mark: '/images/dot.svg' }, alt: 'The home card' });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.jobs).toHaveLength(catalogue.entries.length);
    expect(plan.refs.get('/')).toEqual({ url: '/og/index.png', type: 'image/png', width: 1200, height: 630, alt: 'The home card' });
    const home = plan.jobs.find((job) => job.pageUrl === '/')!;
    expect(home.outPath).toBe('og/index.png');
    const dot = fs.readFileSync(path.join(base.contentDir, 'images/dot.svg')).toString('base64');
    expect(home.task.props).toEqual({ title: 'Home', assets: { mark: `data:image/svg+xml;base64,${dot}` } });
    expect(new Set(plan.jobs.map((job) => job.key)).size).toBe(plan.jobs.length);
  });

  it('publishes a hand-made SVG as it is, and draws nothing for it', async () => {
    const plan = await planWith({ file: '/images/dot.svg', alt: 'A dot' });
    expect(plan.refs.get('/')).toEqual({ url: '/images/dot.svg', type: 'image/svg+xml', width: 1200, height: 630, alt: 'A dot' });
    expect(plan.jobs.some((job) => job.pageUrl === '/')).toBe(false);
  });

  it.each([
    [
      'a hand-made image that is missing',
      { file: '/images/none.png', alt: 'x' },
      'og-image-invalid',
      'names /images/none.png, which is in neither',
    ],
    ['a hand-made image that is not PNG or SVG', { file: '/images/dot.gif', alt: 'x' }, 'og-image-invalid', 'must be a PNG or an SVG'],
    [
      'an asset that is missing',
      { template: 'plain', props: {}, assets: { mark: '/images/none.svg' }, alt: 'x' },
      'og-image-invalid',
      'embeds /images/none.svg',
    ],
    ['a template the site does not define', { template: 'fancy', props: {}, alt: 'x' }, 'og-image-invalid', 'names the template "fancy"'],
    [
      'a hook that throws',
      () => {
        throw new Error('boom');
      },
      'og-image-failed',
      'og.image() threw boom',
    ],
  ] as const)('reports %s on the page, and plans no image for it', async (_what, spec, code, message) => {
    const plan = await planWith(spec as OgImageSpec);
    expect(plan.diagnostics).toMatchObject([
      { code, severity: 'error', file: path.join(base.contentDir, 'index.md'), message: expect.stringContaining(message) },
    ]);
    expect(plan.refs.has('/')).toBe(false);
    expect(plan.refs.size).toBe(catalogue.entries.length - 1);
  });

  it('reports every page of a template that does not compile', async () => {
    const broken = path.join(work, 'Broken.tsx');
    fs.writeFileSync(broken, 'export default function ( {');
    const plan = await planWith({ template: 'plain', props: {}, alt: 'x' }, { plain: broken });
    expect(plan.diagnostics).toHaveLength(catalogue.entries.length);
    expect(plan.diagnostics[0]).toMatchObject({
      code: 'og-image-failed',
      message: expect.stringContaining('its template "plain" does not build'),
    });
    expect(plan.jobs).toEqual([]);
  });
});

describe('planOgImages: the language of an image', () => {
  const plan = (spec: Partial<OgImageSpec>, locale?: string, localeFonts = scriptsSetup.localeFonts) =>
    planOgImages(
      {
        ...base,
        og: {
          ...ogSetup,
          localeFonts,
          image: (entry: Entry) => (entry.url === '/' ? { template: 'plain', props: { title: 'T' }, alt: 'T', ...spec } : undefined),
        },
      },
      // The page's locale, as the site's i18n gives every entry one.
      { ...catalogue, entries: catalogue.entries.map((entry) => (locale ? { ...entry, locale } : entry)) },
    ).then((result) => result.jobs[0]!);

  it("takes the spec's lang, else the page's locale, and draws with it", async () => {
    expect((await plan({ lang: 'ar' }, 'en')).task.lang).toBe('ar');
    expect((await plan({}, 'he-IL')).task.lang).toBe('he-IL');
    // A site without i18n: its one locale is its lang.
    expect((await plan({})).task.lang).toBe(base.lang);
  });

  it('keys the image by its lang and the fonts that lang picks', async () => {
    const [none, arabic, arabicAgain, hebrew] = await Promise.all([
      plan({}),
      plan({ lang: 'ar' }),
      plan({ lang: 'ar-EG' }),
      plan({ lang: 'he' }),
    ]);
    expect(new Set([none.key, arabic.key, arabicAgain.key, hebrew.key]).size).toBe(4);
    // Other fonts for the same language: another image.
    const otherArabic = await plan({ lang: 'ar' }, undefined, { ar: scriptsSetup.localeFonts!.he! });
    expect(otherArabic.key).not.toBe(arabic.key);
    expect((await plan({ lang: 'ar' })).key).toBe(arabic.key);
  });
});
