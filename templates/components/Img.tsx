import { imageSize } from '../lib/image-size.ts';

export const ERROR_IMAGE = '/images/error.svg';

export interface ImgProps {
  src: string;
  /** Empty only for decorative images. */
  alt: string;
  className?: string;
  /** The page's largest image: load it first instead of lazily. */
  priority?: boolean;
  sizes?: string;
}

/**
 * An image with its intrinsic width and height, lazy unless it is the page's priority image, a
 * loading state until it arrives, and the error image if it fails (see src/client/images.ts).
 */
export function Img({ src, alt, className, priority = false }: ImgProps) {
  const { width, height } = imageSize(src);
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      data-fallback={ERROR_IMAGE}
    />
  );
}
