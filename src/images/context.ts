import { createContext, createElement as h, useContext, type ReactNode } from 'react';
import { lookupImage, type ImageManifest, type ResponsiveImage } from './manifest.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/**
 * The build's image manifest for the page being rendered. It is plain data handed in by whoever
 * renders (the main thread or a worker), so no module-level state has to be set up first.
 */
const ImagesContext = createContext<ImageManifest | undefined>(undefined);

/** Makes the image manifest available to `useImage` in the pages rendered inside it. */
export function ImagesProvider({ manifest, children }: { manifest: ImageManifest; children: ReactNode }) {
  return h(ImagesContext.Provider, { value: manifest }, children);
}

/**
 * The responsive image of a file in the content or public folder, by its URL (`/images/x.jpg`).
 * Throws when there is no such image, so the page fails with a diagnostic naming the route and
 * template instead of publishing a broken picture.
 */
export function useImage(url: string): ResponsiveImage {
  const image = useOptionalImage(url);
  if (!image) {
    throw new Error(phrase('image-missing', { url }));
  }
  return image;
}

/** Like `useImage`, but undefined when there is no such image (for optional ones, such as an error image). */
export function useOptionalImage(url: string): ResponsiveImage | undefined {
  const manifest = useContext(ImagesContext);
  if (!manifest) throw new Error(phrase('image-outside-render'));
  return lookupImage(manifest, url);
}
