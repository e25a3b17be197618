import type { OgTemplateProps } from 'stillsite';

/** What the `textOnly` social image shows (templates/README.md, "Social images"). */
export interface TextOnlyProps extends OgTemplateProps {
  title: string;
  description: string;
  /** A short label above the title: the section the page belongs to. */
  eyebrow?: string;
  /** The firm's name, beside its mark. */
  brand: string;
  /** `#rrggbb` behind everything (ogImage.imageBgColor). */
  backgroundColor: string;
  /** `#rrggbb` laid over the background image so the text stays readable (ogImage.background.overlay). */
  overlay?: string;
  assets: { mark?: string; background?: string };
}

const INK = '#10213A';
const PAPER = '#FFFFFF';
const ACCENT = '#C2410C';
/** Strong enough that white text passes contrast over any picture beneath. */
const OVERLAY_OPACITY = 0.82;

/**
 * A 1200×630 card: the firm's mark and name, an accent rule, the page's title and description,
 * over a colour or a picture under a tinted overlay. Drawn by satori, so only flexbox and inline
 * styles; positioned layers are painted above in-flow ones, hence `position: relative` on the text.
 */
export default function TextOnly({ title, description, eyebrow, brand, backgroundColor, overlay, assets }: TextOnlyProps) {
  const surface = assets.background ? (overlay ?? backgroundColor) : backgroundColor;
  const light = isLight(surface);
  const text = light ? INK : PAPER;
  return (
    <div
      style={{
        width: 1200,
        height: 630,
        display: 'flex',
        position: 'relative',
        backgroundColor,
        fontFamily: 'Inter, Inter Latin Ext',
        color: text,
      }}
    >
      {assets.background ? (
        <img
          src={assets.background}
          width={1200}
          height={630}
          style={{ position: 'absolute', top: 0, left: 0, width: 1200, height: 630, objectFit: 'cover' }}
        />
      ) : null}
      {assets.background ? (
        <div
          style={{ position: 'absolute', top: 0, left: 0, width: 1200, height: 630, backgroundColor: surface, opacity: OVERLAY_OPACITY }}
        />
      ) : null}
      <div style={{ position: 'relative', display: 'flex', flexDirection: 'column', width: 1200, height: 630, padding: '64px 80px' }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          {assets.mark ? <img src={assets.mark} width={64} height={64} style={{ marginRight: 20 }} /> : null}
          <div style={{ fontSize: 30, fontWeight: 700, letterSpacing: -0.3 }}>{brand}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
          <div style={{ width: 96, height: 8, backgroundColor: ACCENT, marginBottom: 28 }} />
          {eyebrow ? (
            <div style={{ fontSize: 26, fontWeight: 700, textTransform: 'uppercase', letterSpacing: 2, opacity: 0.8, marginBottom: 14 }}>
              {eyebrow}
            </div>
          ) : null}
          <div style={{ fontSize: title.length > 48 ? 54 : 62, fontWeight: 700, lineHeight: 1.12, letterSpacing: -1 }}>{title}</div>
          <div style={{ fontSize: 27, lineHeight: 1.4, marginTop: 24, opacity: 0.88, display: 'block', lineClamp: 3 }}>{description}</div>
        </div>
      </div>
    </div>
  );
}

/** True for colours light enough to need dark text (WCAG relative luminance above 0.4). */
export function isLight(hex: string): boolean {
  const channels = [1, 3, 5]
    .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const [r, g, b] = channels as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4;
}
