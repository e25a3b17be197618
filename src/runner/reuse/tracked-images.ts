import type { ImageManifest } from '../../images/manifest.ts';
import { allImagesFact, imageFact } from './facts.ts';

/** A build's image manifest as its pages read it, and where the reads go while a page renders. */
export interface TrackedImages {
  manifest: ImageManifest;
  /** The log of the page rendering now; none between pages. */
  log: Set<string> | undefined;
}

/**
 * Wraps a build's manifest so that each image a page looks up is a fact of that page (`i:<url>`),
 * and listing them all is one (`images`): an image encoded since the last build renders again
 * the pages that draw it, not every page. One wrapper a build, so what is kept per manifest
 * (bodies rendered with its images) is kept across its pages.
 */
export function trackedImages(manifest: ImageManifest): TrackedImages {
  const tracked: TrackedImages = {
    log: undefined,
    manifest: new Proxy(manifest, {
      get(target, key, receiver) {
        if (typeof key === 'string') tracked.log?.add(imageFact(key));
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        if (typeof key === 'string') tracked.log?.add(imageFact(key));
        return Reflect.has(target, key);
      },
      getOwnPropertyDescriptor(target, key) {
        if (typeof key === 'string') tracked.log?.add(imageFact(key));
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
      ownKeys(target) {
        tracked.log?.add(allImagesFact());
        return Reflect.ownKeys(target);
      },
    }),
  };
  return tracked;
}
