import { useImage, useOptionalImage } from 'stillsite';

/** What a failed image is replaced with (templates/README.md, "Images"), when the content folder has it. */
export const ERROR_IMAGE = '/images/error.svg';

export interface ImgProps {
  src: string;
  /** Empty only for decorative images. */
  alt: string;
  className?: string;
  /** The page's largest image: load it first instead of lazily. */
  priority?: boolean;
  /**
   * How wide the image is drawn, as a `sizes` list (`(min-width: 1024px) 30vw, 100vw`), so the
   * browser picks the smallest variant that is sharp enough. Default: the full viewport width, up to
   * the image's own width.
   */
  sizes?: string;
  /** Swap to the error image if it fails, with a loading state until it arrives (default true; false for a decorative backdrop, which just stays empty). */
  fallback?: boolean;
  /** Data attributes, passed on to the `<img>` (styles may select on them). */
  [data: `data-${string}`]: string | undefined;
}

/**
 * An image at its intrinsic width and height, so nothing shifts as it loads. A raster image becomes
 * a `<picture>` offering AVIF and WebP variants before its JPEG or PNG fallback; an SVG is served as
 * it is. Lazy unless it is the page's priority image; a loading state until it arrives, and the
 * error image if it fails (see src/client/images.ts).
 */
export function Img({ src, alt, className, priority = false, sizes, fallback: swapOnError = true, ...data }: ImgProps) {
  const image = useImage(src);
  const errorImage = useOptionalImage(ERROR_IMAGE);
  const fallback = swapOnError && errorImage && errorImage.src !== image.src ? errorImage.src : undefined;
  const widths = image.srcset ? (sizes ?? `(min-width: ${image.width}px) ${image.width}px, 100vw`) : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={widths}
      alt={alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      {...data}
      data-fallback={fallback}
    />
  );
  if (!image.sources.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={widths} />
      ))}
      {img}
    </picture>
  );
}
