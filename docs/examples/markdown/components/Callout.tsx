import type { ReactNode } from 'react';

/** A component MDX content imports: rendered to HTML at build time, no JavaScript in the browser. */
export default function Callout({ children }: { children: ReactNode }) {
  return <aside className="callout">{children}</aside>;
}
