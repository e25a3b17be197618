import { Island, type LayoutProps } from '../../src/index.ts';
import { CtaBand } from '../components/CtaBand.tsx';
import { Footer } from '../components/Footer.tsx';
import CookieBanner from '../islands/CookieBanner.tsx';
import FloatingContact from '../islands/FloatingContact.tsx';
import SiteHeader from '../islands/SiteHeader.tsx';
import { buildMenus } from '../menus.ts';

/** The one layout of SPEC §2: header, the page, the call to action, footer, floating button, cookie banner. */
export function MainLayout({ route, catalogue, children }: LayoutProps) {
  const path = route.url;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="SiteHeader" component={SiteHeader} props={{ menus: buildMenus(catalogue), path }} />
      <main id="main">
        {children}
        {path === '/contact' ? null : <CtaBand />}
      </main>
      <Footer year={new Date().getFullYear()} />
      <Island name="FloatingContact" component={FloatingContact} props={{ path }} />
      <Island name="CookieBanner" component={CookieBanner} props={{ privacyHref: '/privacy-policy' }} />
    </>
  );
}
