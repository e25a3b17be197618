import type { OgTemplateProps } from 'stillsite';

/**
 * A 1200×630 card drawn by satori: inline styles and flexbox only. It runs in a worker thread,
 * so it takes everything from its props and reads no files; images come in `assets` as data: URLs.
 */
export default function Card({ title, site, assets }: OgTemplateProps & { title: string; site: string }) {
  return (
    <div style={{ width: 1200, height: 630, display: 'flex', backgroundColor: '#0f172a', color: '#ffffff', fontFamily: 'Inter', fontWeight: 700 }}>
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, margin: 80 }}>
        {assets.logo ? <img src={assets.logo} width={96} height={96} /> : null}
        <div style={{ fontSize: 72 }}>{title}</div>
        <div style={{ fontSize: 32, color: '#38bdf8' }}>{site}</div>
      </div>
    </div>
  );
}
