import fs from 'node:fs';
import micromatch from 'micromatch';
import { listPages, pageFile } from './check/pages.ts';

/**
 * One page of every template of the site, for the checks that look at a sample rather than every
 * page (Lighthouse, screenshots, layout shift): the first page, in URL order, that matches.
 */
export const TEMPLATE_PAGES: ReadonlyArray<{ template: string; pattern: string }> = [
  { template: 'home', pattern: '/' },
  { template: 'list', pattern: '/projects' },
  { template: 'case study', pattern: '/projects/*' },
  { template: 'article', pattern: '/blogs/*' },
  { template: 'bio', pattern: '/about/team/*' },
  { template: 'service', pattern: '/services/*' },
  { template: 'contact', pattern: '/contact' },
  { template: '404', pattern: '/404' },
];

/** The sample page of each template among `pages` (all of dist/ by default); hidden (noindex) pages are passed over, except for the 404. */
export async function chooseTemplatePages(distDir: string, pages?: readonly string[]): Promise<Array<{ template: string; page: string }>> {
  const candidates = pages ?? (await listPages(distDir));
  const indexable = (page: string) => !/<meta name="robots" content="[^"]*noindex/.test(fs.readFileSync(pageFile(distDir, page), 'utf8'));
  return TEMPLATE_PAGES.flatMap(({ template, pattern }) => {
    const page = candidates.find((candidate) => micromatch.isMatch(candidate, pattern) && (template === '404' || indexable(candidate)));
    return page ? [{ template, page }] : [];
  });
}
