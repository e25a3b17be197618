import { componentMarkup, Island, type LayoutProps } from 'stillsite';
import { CtaBand } from '../components/CtaBand.tsx';
import { Footer, FooterContents } from '../components/Footer.tsx';
import CookieBanner from '../islands/CookieBanner.tsx';
import FloatingContact from '../islands/FloatingContact.tsx';
import SiteHeader, { headerVariant } from '../islands/SiteHeader.tsx';
import { BreadcrumbContext } from '../components/Breadcrumbs.tsx';
import { breadcrumbTrail } from '../lib/breadcrumbs.ts';
import { buildMenus } from '../menus.ts';

const PRIVACY_HREF = '/privacy-policy';

/** The one layout of SPEC §2: header, the page, the call to action, footer, floating button, cookie banner. */
export function MainLayout({ route, catalogue, children }: LayoutProps) {
  const path = route.url;
  // Inside <main>, because client-side navigation swaps <main> and the trail belongs to the page.
  const trail = breadcrumbTrail(route.entry, catalogue);
  // The same menus on every page: worked out once per build (and per worker), not per page. What
  // pages share is rendered once per build too (the header once per variant: which section is
  // active, which link is current), and written into each page as it is.
  const menus = catalogue.derive('templates/menus', buildMenus);
  const header = catalogue.derive(`templates/markup:header:${headerVariant(menus, path)}`, (own) =>
    componentMarkup(SiteHeader, { menus: own.derive('templates/menus', buildMenus), path }),
  );
  const year = new Date().getFullYear();
  const footer = catalogue.derive(`templates/markup:footer:${year}`, () => componentMarkup(FooterContents, { year }));
  const floating = catalogue.derive(`templates/markup:floating:${path === '/contact'}`, () => componentMarkup(FloatingContact, { path }));
  const cookies = catalogue.derive('templates/markup:cookies', () => componentMarkup(CookieBanner, { privacyHref: PRIVACY_HREF }));
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="SiteHeader" component={SiteHeader} props={{ menus, path }} markup={header} />
      {/* tabIndex -1: the skip link moves focus here, so the next Tab continues inside the page. */}
      <main id="main" tabIndex={-1}>
        <BreadcrumbContext value={trail}>{children}</BreadcrumbContext>
        {path === '/contact' ? null : <CtaBand />}
      </main>
      <Footer contents={footer} />
      <Island name="FloatingContact" component={FloatingContact} props={{ path }} markup={floating} />
      <Island name="CookieBanner" component={CookieBanner} props={{ privacyHref: PRIVACY_HREF }} markup={cookies} />
    </>
  );
}
