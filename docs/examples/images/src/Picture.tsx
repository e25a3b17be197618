import { useImage } from 'stillsite';

/**
 * A responsive picture of an image in the content or public folder: AVIF and WebP sources, a
 * JPEG or PNG fallback with its widths, and the intrinsic size (no layout shift). An SVG has no
 * variants: `src`, `width` and `height` only. A URL that is no image fails the page.
 */
export function Picture({ src, alt, sizes }: { src: string; alt: string; sizes: string }) {
  const image = useImage(src);
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img src={image.src} srcSet={image.srcset} sizes={sizes} width={image.width} height={image.height} alt={alt} loading="lazy" decoding="async" />
    </picture>
  );
}
