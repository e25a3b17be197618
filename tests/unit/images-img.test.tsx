import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImagesProvider } from '../../src/images/context.ts';
import type { ImageManifest } from '../../src/images/manifest.ts';
import { ERROR_IMAGE, Img, type ImgProps } from '../../templates/components/Img.tsx';
import { startTags } from '../fixtures/images/start-tags.ts';

const raster = {
  src: '/assets/images/photo-800.bbb.jpg',
  width: 800,
  height: 450,
  srcset: '/assets/images/photo-400.aaa.jpg 400w, /assets/images/photo-800.bbb.jpg 800w',
  sources: [
    { type: 'image/avif', srcset: '/a-400.avif 400w, /a-800.avif 800w' },
    { type: 'image/webp', srcset: '/w-400.webp 400w, /w-800.webp 800w' },
  ],
};
const vector = { src: '/images/team/ada.svg', width: 320, height: 320, sources: [] };
const errorImage = { src: ERROR_IMAGE, width: 400, height: 300, sources: [] };
const manifest: ImageManifest = { '/images/photo.jpg': raster, '/images/team/ada.svg': vector, [ERROR_IMAGE]: errorImage };

const render = (props: ImgProps, images: ImageManifest = manifest) =>
  renderToString(
    <ImagesProvider manifest={images}>
      <Img {...props} />
    </ImagesProvider>,
  );
const imgOf = (html: string) => startTags(html, ['img'])[0]!.attributes;

describe('<Img>', () => {
  it('draws a raster image as a <picture>: AVIF, then WebP, then the fallback <img> with width, height, srcset and sizes', () => {
    const sizes = '(min-width: 1024px) 30vw, 100vw';
    const html = render({ src: '/images/photo.jpg', alt: 'A photo', sizes });
    expect(html).toMatch(/^<picture><source [^>]*\/><source [^>]*\/><img [^>]*\/><\/picture>$/);
    const [avif, webp, img] = startTags(html, ['source', 'img']);
    expect(avif!.attributes).toEqual({ type: 'image/avif', srcSet: raster.sources[0]!.srcset, sizes });
    expect(webp!.attributes).toEqual({ type: 'image/webp', srcSet: raster.sources[1]!.srcset, sizes });
    expect(img!.attributes).toMatchObject({ src: raster.src, srcSet: raster.srcset, sizes, width: '800', height: '450', alt: 'A photo' });
  });

  it('defaults sizes to the viewport width, up to the image’s own width', () => {
    expect(imgOf(render({ src: '/images/photo.jpg', alt: '' })).sizes).toBe('(min-width: 800px) 800px, 100vw');
  });

  it('serves an SVG as it is: a plain <img> with the size of its viewBox, no srcset', () => {
    const html = render({ src: '/images/team/ada.svg', alt: 'Ada', className: 'portrait' });
    expect(html).toMatch(/^<img [^>]*\/>$/);
    expect(html).not.toMatch(/srcset|sizes/i);
    expect(imgOf(html)).toMatchObject({ src: '/images/team/ada.svg', width: '320', height: '320', class: 'portrait', alt: 'Ada' });
  });

  it('loads lazily by default, and eagerly with high priority for the page’s priority image', () => {
    const lazy = imgOf(render({ src: '/images/photo.jpg', alt: '' }));
    expect([lazy.loading, lazy.fetchPriority, lazy.decoding]).toEqual(['lazy', undefined, 'async']);
    const eager = imgOf(render({ src: '/images/photo.jpg', alt: '', priority: true }));
    expect([eager.loading, eager.fetchPriority]).toEqual(['eager', 'high']);
  });

  it('names the error image as its fallback only when the site has one, and never for the error image itself', () => {
    expect(imgOf(render({ src: '/images/photo.jpg', alt: '' }))['data-fallback']).toBe(ERROR_IMAGE);
    const { [ERROR_IMAGE]: _, ...withoutErrorImage } = manifest;
    expect(imgOf(render({ src: '/images/photo.jpg', alt: '' }, withoutErrorImage))).not.toHaveProperty('data-fallback');
    expect(imgOf(render({ src: ERROR_IMAGE, alt: '' }))).not.toHaveProperty('data-fallback');
  });

  it('leaves out the fallback, and so the loading state, when asked (a decorative backdrop stays empty instead)', () => {
    expect(imgOf(render({ src: '/images/photo.jpg', alt: '', fallback: false }))).not.toHaveProperty('data-fallback');
  });

  it('passes data attributes on to the <img>', () => {
    const html = render({ src: '/images/photo.jpg', alt: '', 'data-align': 'xMidYMin' });
    expect(imgOf(html)['data-align']).toBe('xMidYMin');
    expect(startTags(html, ['picture'])[0]!.attributes).toEqual({});
  });

  it('throws, naming the URL, for an image the build does not have', () => {
    expect(() => render({ src: '/images/missing.png', alt: '' })).toThrow('There is no image at /images/missing.png');
  });

  it('throws outside a page the engine renders', () => {
    expect(() => renderToString(<Img src="/images/photo.jpg" alt="" />)).toThrow(/outside a page the engine renders/);
  });
});
