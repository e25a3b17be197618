import type { ReactNode } from 'react';

/** A callout every MDX page may use without importing it: the site gives it in `markdown.mdx.components`. */
export function Note({ kind = 'note', children }: { kind?: 'note' | 'tip' | 'warning'; children: ReactNode }) {
  return (
    <aside className={`note note-${kind}`}>
      <p className="note-label">{kind === 'tip' ? 'Tip' : kind === 'warning' ? 'Warning' : 'Note'}</p>
      {children}
    </aside>
  );
}
