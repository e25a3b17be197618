import { describe, expect, it } from 'vitest';
import TextOnly, { isLight } from '../../templates/og/TextOnly.tsx';
import { socialImage, socialImages } from '../../templates/og/social-image.ts';
import { makeEntry } from '../helpers/entries.ts';

describe('socialImage', () => {
  it('draws the textOnly card from the title and description, with the firm’s mark and the section', () => {
    expect(socialImage(makeEntry('projects', '/projects/acme', { title: 'Acme', description: 'About Acme.' }))).toEqual({
      template: 'textOnly',
      props: {
        title: 'Acme',
        description: 'About Acme.',
        eyebrow: 'Case study',
        brand: 'Kestrel Point Consulting',
        backgroundColor: '#10213A',
      },
      assets: { mark: '/images/logo.svg' },
      alt: 'Kestrel Point Consulting: Acme',
    });
  });

  it('takes imageBgColor, background and overlay from ogImage', () => {
    const spec = socialImage(
      makeEntry('pages', '/about', {
        ogImage: { imageBgColor: '#F4EFE6', background: { url: '/images/b.svg', overlay: '#16325C' }, alt: 'Our office' },
      }),
    );
    expect(spec).toMatchObject({
      props: { backgroundColor: '#F4EFE6', overlay: '#16325C' },
      assets: { mark: '/images/logo.svg', background: '/images/b.svg' },
      alt: 'Our office',
    });
    expect((spec as { props: object }).props).not.toHaveProperty('eyebrow');
  });

  it('uses a hand-made image when the page names one', () => {
    expect(socialImage(makeEntry('pages', '/x', { ogImage: { path: '/images/x.png', alt: 'X' } }))).toEqual({
      file: '/images/x.png',
      alt: 'X',
    });
  });

  it('calls articles and case studies articles, bios profiles, and the rest websites', () => {
    expect(['blogs', 'projects', 'team', 'services', 'pages'].map((c) => socialImages.type!(makeEntry(c, '/x')))).toEqual([
      'article',
      'article',
      'profile',
      'website',
      'website',
    ]);
  });

  it('ships its fonts as WOFF files, which satori can read', () => {
    for (const font of socialImages.fonts) expect(font.file).toMatch(/\.woff$/);
  });
});

describe('the textOnly template', () => {
  it.each([
    ['#FFFFFF', true],
    ['#F4EFE6', true],
    ['#10213A', false],
    ['#C2410C', false],
  ])('treats %s as light: %s', (hex, light) => {
    expect(isLight(hex)).toBe(light);
  });

  it('is the module’s default export, as workers load it', () => {
    expect(TextOnly.name).toBe('TextOnly');
  });
});
