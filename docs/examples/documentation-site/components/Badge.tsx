/** A page's own import: it wins over the component the site gives under the same name. */
export function Badge({ children }: { children: string }) {
  return <strong className="badge-imported">{children}</strong>;
}
