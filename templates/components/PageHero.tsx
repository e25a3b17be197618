import type { ReactNode } from 'react';
import type { BaseData } from 'stillsite';
import type { PageEntry } from '../schemas.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Img } from './Img.tsx';

type HeroData = BaseData & Pick<PageEntry, 'banner'>;

/**
 * The top of a page: the breadcrumb trail, the h1 and a lead, over the page's banner when it has one. The banner is a
 * decorative backdrop, so its alt text is given to assistive technology as a labelled image.
 */
export function PageHero({ data, lead, children, eyebrow }: { data: HeroData; lead?: string; eyebrow?: ReactNode; children?: ReactNode }) {
  const banner = data.banner;
  return (
    <section className={banner ? 'hero hero-banner' : 'hero'}>
      {banner ? <HeroBackdrop banner={banner} /> : null}
      {banner ? <span className="visually-hidden" role="img" aria-label={banner.alt} /> : null}
      <div className="container hero-inner">
        <Breadcrumbs />
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{data.h1 ?? data.title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** The navy of the shade that keeps white text legible over any banner picture. */
const SHADE = '#10213A';

/**
 * The banner drawn behind the hero, in three layers: its colour, its picture covering the box,
 * and a shade fading from left to right. SVG presentation attributes and an `<img>` carry the
 * per-page values because the Content-Security-Policy allows no style attributes.
 */
function HeroBackdrop({ banner }: { banner: NonNullable<HeroData['banner']> }) {
  const shade = banner.overlayOpacity ?? 0.55;
  return (
    <div className="hero-backdrop" aria-hidden="true">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative layers inside an aria-hidden backdrop; a title would be read nowhere. */}
      <svg className="hero-layer" focusable="false">
        <rect width="100%" height="100%" fill={banner.color ?? SHADE} />
      </svg>
      <Img
        className="hero-layer hero-picture"
        src={banner.image}
        alt=""
        priority
        sizes="100vw"
        fallback={false}
        data-align={svgAlignment(banner.position ?? 'center')}
      />
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: as above, decorative. */}
      <svg className="hero-layer" focusable="false">
        <defs>
          <linearGradient id="hero-shade">
            <stop offset="0" stopColor={SHADE} stopOpacity={shade} />
            <stop offset="0.6" stopColor={SHADE} stopOpacity={Number((shade * 0.6).toFixed(3))} />
            <stop offset="1" stopColor={SHADE} stopOpacity={0} />
          </linearGradient>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-shade)" />
      </svg>
    </div>
  );
}

/**
 * The alignment (named as SVG names them, `xMidYMin`) for a CSS background position; the
 * stylesheet turns each of the nine into an object-position. Keywords and 0%, 50%, 100% map
 * exactly; other offsets take the nearest edge or the centre.
 */
export function svgAlignment(position: string): string {
  let [x = 'center', y = 'center'] = position.trim().toLowerCase().split(/\s+/);
  if (x === 'top' || x === 'bottom' || y === 'left' || y === 'right') [x, y] = [y, x];
  return `x${place(x)}Y${place(y)}`;
}

function place(token: string): 'Min' | 'Mid' | 'Max' {
  if (token === 'left' || token === 'top' || token === '0') return 'Min';
  if (token === 'right' || token === 'bottom') return 'Max';
  const percent = /^(-?\d+(?:\.\d+)?)%$/.exec(token);
  if (!percent) return 'Mid';
  const value = Number(percent[1]);
  return value < 25 ? 'Min' : value > 75 ? 'Max' : 'Mid';
}
