import path from 'node:path';
import { defineSite, defineTemplate, type Entry } from 'stillsite';
import { blogs, caseStudies, pages, services, team } from './collections.ts';
import { identity } from './identity.ts';
import { MainLayout } from './layouts/MainLayout.tsx';
import { ContactPage, THANKS_FILE } from './pages/ContactPage.tsx';
import { BlogPostPage, CaseStudyPage, ServicePage, TeamMemberPage } from './pages/DetailPages.tsx';
import { GenericPage } from './pages/GenericPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { BlogListPage, ProjectListPage, ServiceListPage, TeamListPage } from './pages/ListPages.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { authorOf } from './lib/authors.ts';
import { socialImages } from './og/social-image.ts';
import { OgImagesPage } from './pages/OgImagesPage.tsx';
import { ProjectTagPage, projectTagRoutes, TAG_PAGE_TEMPLATE } from './pages/TagPages.tsx';
import type { BlogPost } from './schemas.ts';
import { withFavicon } from './seo/favicon.tsx';
import { StructuredData } from './seo/structured-data.tsx';
import { analyticsCsp } from './analytics/csp.ts';
import { withMeasurementId } from './analytics/head.tsx';
import { resolveMeasurementId } from './analytics/measurement-id.ts';
import { resolveClientRuntime } from './client-runtime.ts';
import { FORM_ENDPOINT, formCsp, mergeCsp } from './contact/form-endpoint.ts';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const file = (relative: string) => path.join(here, relative);

/** The stylesheets of every template but the article's, in cascade order. */
const PAGE_STYLES = ['base', 'cards', 'prose'];
/** With the layouts beside or around long-form text (a fact box, a bio's head, the contact card, the social-image grid, the listing's count), for the templates that draw them. */
const LAYOUT_STYLES = [...PAGE_STYLES, 'layouts'];

/** The Kestrel Point Consulting website, reading its content from `contentDir` (tests point it at fixtures). */
export function createSite(contentDir = path.join(root, 'content')) {
  const measurementId = resolveMeasurementId(identity.gaMeasurementId);
  const formEndpoint = FORM_ENDPOINT;
  return defineSite({
    name: identity.name,
    lang: identity.lang,
    origin: identity.origin,
    root,
    contentDir,
    publicDir: file('public'),
    // The thank-you page answers the form's post: without a form it is not built, so that no
    // visitor reaches "your request is on its way" with nothing sent.
    collections: [
      team,
      caseStudies,
      blogs,
      services,
      formEndpoint ? pages : { ...pages, exclude: [...(pages.exclude ?? []), THANKS_FILE] },
    ],
    // Each template is declared against the collection it draws, so its component must take that collection's data.
    templates: {
      home: defineTemplate(pages, { component: HomePage, styles: [...PAGE_STYLES, 'home'] }),
      page: defineTemplate(pages, { component: GenericPage, styles: PAGE_STYLES }),
      // The form's styles and island only in a build that has the form.
      contact: defineTemplate(pages, { component: ContactPage, styles: formEndpoint ? [...LAYOUT_STYLES, 'form'] : LAYOUT_STYLES }),
      'not-found': defineTemplate(pages, { component: NotFoundPage, styles: PAGE_STYLES }),
      'og-images': defineTemplate(pages, { component: OgImagesPage, styles: LAYOUT_STYLES }),
      'team-list': defineTemplate(pages, { component: TeamListPage, styles: PAGE_STYLES }),
      'project-list': defineTemplate(pages, { component: ProjectListPage, styles: [...LAYOUT_STYLES, 'filter'] }),
      [TAG_PAGE_TEMPLATE]: { component: ProjectTagPage, styles: [...LAYOUT_STYLES, 'filter'] },
      'blog-list': defineTemplate(pages, { component: BlogListPage, styles: PAGE_STYLES }),
      'service-list': defineTemplate(pages, { component: ServiceListPage, styles: PAGE_STYLES }),
      'team-member': defineTemplate(team, { component: TeamMemberPage, styles: LAYOUT_STYLES }),
      'case-study': defineTemplate(caseStudies, { component: CaseStudyPage, styles: LAYOUT_STYLES }),
      // The article shows no cards nor layouts: it goes without their styles, and its page fits the first round trip.
      'blog-post': defineTemplate(blogs, { component: BlogPostPage, styles: ['base', 'prose'] }),
      service: defineTemplate(services, { component: ServicePage, styles: LAYOUT_STYLES }),
    },
    layout: MainLayout,
    styles: {
      base: file('styles/base.css'),
      cards: file('styles/cards.css'),
      prose: file('styles/prose.css'),
      layouts: file('styles/layouts.css'),
      home: file('styles/home.css'),
      filter: file('styles/filter.css'),
      ...(formEndpoint ? { form: file('styles/form.css') } : {}),
    },
    // About 5 KB of gzip a page: written into each page, a first visit paints with no request after the HTML.
    inlineStyles: true,
    islands: {
      SiteHeader: file('islands/SiteHeader.tsx'),
      FloatingContact: file('islands/FloatingContact.tsx'),
      CookieBanner: file('islands/CookieBanner.tsx'),
      ProjectFilter: file('islands/ProjectFilter.tsx'),
      ...(formEndpoint ? { ConsultationForm: file('islands/ConsultationForm.tsx') } : {}),
    },
    // React in the browser, as on the server; SITE_CLIENT_RUNTIME=preact swaps in preact/compat for one build.
    client: { runtime: resolveClientRuntime() },
    // Links swap the next page in without a reload: the header and its open state stay, and the move is animated.
    navigation: 'client',
    // Analytics, only with a measurement id, starts first: consent defaults precede everything else.
    startup: {
      ...(measurementId ? { analytics: file('startup/analytics.ts') } : {}),
      consent: file('startup/consent.ts'),
      filter: file('startup/filter.ts'),
    },
    // One page per industry and technology, so the case studies can be filtered without JavaScript.
    routes: projectTagRoutes,
    notFound: '/ErrorNotFound',
    og: socialImages,
    // The icon comes inline (seo/favicon.tsx): no request of its own beside the page's largest image.
    head: withFavicon(withMeasurementId(StructuredData, measurementId)),
    // Google's hosts enter the Content-Security-Policy only when analytics is configured, the form
    // service's origin only when the form is. Site-wide rather than on /contact alone: a visitor who
    // reaches /contact by client-side navigation keeps the policy of the page they arrived on.
    // `data:` images for the inline icon alone: content's images are checked files of the site (templates/README.md, "Images").
    security: { csp: mergeCsp({ 'img-src': ['data:'] }, analyticsCsp(measurementId), formCsp(formEndpoint)) },
    feeds: [
      {
        collection: 'blogs',
        title: `${identity.name} Insights`,
        description: `Articles by the engineers of ${identity.name} on data platforms, cloud, machine learning and security.`,
        link: '/blogs',
        rss: '/blogs/rss.xml',
        atom: '/blogs/atom.xml',
        author: (entry, catalogue, site) => authorOf(entry as Entry<BlogPost>, catalogue, site),
      },
    ],
    // The developer pages are noindex already; crawlers need not fetch them at all.
    robots: { disallow: ['/dev/'] },
  });
}

export default createSite();
