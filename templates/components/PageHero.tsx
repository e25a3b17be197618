import type { CSSProperties, ReactNode } from 'react';
import type { BaseData } from '../../src/index.ts';
import type { PageEntry } from '../schemas.ts';

type HeroData = BaseData & Pick<PageEntry, 'banner'>;

/**
 * The top of a page: the h1 and a lead, over the page's banner when it has one. The banner is a
 * CSS background, so its alt text is given to assistive technology as a labelled image.
 */
export function PageHero({ data, lead, children, eyebrow }: { data: HeroData; lead?: string; eyebrow?: ReactNode; children?: ReactNode }) {
  const banner = data.banner;
  const style = banner
    ? ({
        '--hero-image': `url("${banner.image}")`,
        '--hero-color': banner.color ?? '#10213A',
        '--hero-position': banner.position ?? 'center',
        '--hero-overlay': String(banner.overlayOpacity ?? 0.55),
      } as CSSProperties)
    : undefined;
  return (
    <section className={banner ? 'hero hero-banner' : 'hero'} style={style}>
      {banner ? <span className="visually-hidden" role="img" aria-label={banner.alt} /> : null}
      <div className="container hero-inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{data.h1 ?? data.title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
