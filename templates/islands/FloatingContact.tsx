import { usePathname } from 'stillsite/client';
import { Icon } from '../components/Icon.tsx';

/** The floating "Let's Talk" button: on every page but /contact, kept right across navigations. */
export default function FloatingContact({ path }: { path: string }) {
  const current = usePathname(path);
  return (
    <a className="fab" href="/contact" hidden={current === '/contact'}>
      <Icon name="phone" size="sm" />
      <span>Let&apos;s Talk</span>
    </a>
  );
}
