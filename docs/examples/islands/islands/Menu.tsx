import { usePathname } from 'stillsite/client';

/**
 * The site's menu, marking the current page. Kept alive across client navigations (see
 * docs/navigation.md), `usePathname` keeps it up to date as the page changes.
 */
export default function Menu({ path, links }: { path: string; links: Array<{ url: string; title: string }> }) {
  const current = usePathname(path);
  return (
    <nav aria-label="Site">
      {links.map((link) => (
        <a key={link.url} href={link.url} aria-current={link.url === current ? 'page' : undefined}>
          {link.title}
        </a>
      ))}
    </nav>
  );
}
