import type { ImageBuildOptions } from '../images/prepare.ts';
import type { BuildCacheOptions } from './reuse/last-build.ts';
import type { OgRenderOptions } from './social-images.ts';

/** What a build is asked, by `site build`, `site serve` or a caller of `build()`: the runner hands each option to the stage it concerns. */
export interface BuildOptions {
  /** Overrides the site's origin (`--origin`, else `SITE_ORIGIN`, else the site's default). */
  origin?: string;
  /** Minify client code and styles (default true). */
  minify?: boolean;
  /** How social images are drawn and cached (see `OgRenderOptions`). */
  og?: OgRenderOptions;
  /** Where responsive image variants are cached (see `ImageBuildOptions`). */
  images?: ImageBuildOptions;
  /** Where pages and entries are kept for the next build into the same output; false: reuse and keep nothing (default: `.site-cache/build`). */
  cache?: BuildCacheOptions | false;
  /** Worker threads to render pages with; 0 renders in the main thread (default: one per core when enough pages need rendering). */
  threads?: number;
  /** Plan and draw social images (default true); false leaves them out of pages, for measuring pages alone. */
  socialImages?: boolean;
  /** Build drafts (`draft: true`) too, each marked as a draft on its page (`site serve`, `site build --drafts`; default false: left out). */
  drafts?: boolean;
  /** Build every collection with a loader from its last result in `.site-cache/data/` instead of running the loader (`--offline`; default false). */
  offline?: boolean;
  /** The folder where each loader's last result is kept (default: `.site-cache/data` in the site's root). */
  dataCache?: string;
  /** Where the loaders' logger writes (`context.logger`; default: nowhere). */
  log?: (level: 'info' | 'warn', line: string) => void;
}
