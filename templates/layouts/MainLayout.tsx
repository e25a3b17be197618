import { Island, type LayoutProps } from 'stillsite';
import { CtaBand } from '../components/CtaBand.tsx';
import { Footer } from '../components/Footer.tsx';
import CookieBanner from '../islands/CookieBanner.tsx';
import FloatingContact from '../islands/FloatingContact.tsx';
import SiteHeader, { headerPath } from '../islands/SiteHeader.tsx';
import { BreadcrumbContext } from '../components/Breadcrumbs.tsx';
import { breadcrumbTrail } from '../lib/breadcrumbs.ts';
import { buildMenus } from '../menus.ts';

const PRIVACY_HREF = '/privacy-policy';

/**
 * The one layout (templates/README.md, "The layout"): header, the page, the call to action,
 * footer, floating button, cookie banner.
 */
export function MainLayout({ route, catalogue, children }: LayoutProps) {
  const path = route.url;
  // The trail belongs to the page, so it is drawn inside <main>.
  const trail = breadcrumbTrail(route.entry, catalogue);
  // The same menus on every page: worked out once per build, not per page.
  const menus = catalogue.derive(buildMenus);
  // What the header and the floating button draw differently from one page to the next: with the
  // bare path, each would be rendered for every page (see headerPath).
  const shownPath = headerPath(menus, path);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The header's links work before it hydrates; its menus need its code once the page is idle, or at the first reach for them. */}
      <Island name="SiteHeader" component={SiteHeader} props={{ menus, path: shownPath }} hydrate="idle" />
      {/* tabIndex -1: the skip link moves focus here, so the next Tab continues inside the page. */}
      <main id="main" tabIndex={-1}>
        <BreadcrumbContext value={trail}>{children}</BreadcrumbContext>
        {path === '/contact' || path.startsWith('/contact/') ? null : <CtaBand />}
      </main>
      <Footer year={new Date().getFullYear()} />
      {/* A plain link, hidden on /contact by its props; its code is needed only once reached for. */}
      <Island name="FloatingContact" component={FloatingContact} props={{ path: shownPath }} hydrate="interaction" />
      {/* Hidden until the consent startup module shows it (no choice stored) and has it hydrated at once; 'visible' is for when it is reopened. */}
      <Island name="CookieBanner" component={CookieBanner} props={{ privacyHref: PRIVACY_HREF }} hydrate="visible" />
    </>
  );
}
