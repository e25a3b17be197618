import type { ReactNode } from 'react';

const LABELS = { note: 'Note', tip: 'Tip', caution: 'Caution', danger: 'Danger' } as const;

/**
 * A callout every .mdx page may write without importing it (`markdown.mdx.components` in
 * site.config.tsx): `<Callout type="tip">Text</Callout>`. Its label is written out, so its kind is
 * told by words as well as colour.
 */
export function Callout({ type = 'note', title, children }: { type?: keyof typeof LABELS; title?: string; children: ReactNode }) {
  return (
    <aside className={`callout callout-${type}`} aria-label={title ?? LABELS[type]}>
      <p className="callout-title">{title ?? LABELS[type]}</p>
      {children}
    </aside>
  );
}
