import type { Catalogue } from 'stillsite';
import { menuLimits } from './tokens.ts';

export interface MenuLink {
  label: string;
  href: string;
}

/** One header dropdown: its items, then (after an optional separator) the link to the whole list. */
export interface Menu {
  id: string;
  label: string;
  /** The section page a long press on the trigger opens. */
  href: string;
  items: MenuLink[];
  /** Draw a separator between the items and `all`. */
  separator: boolean;
  all?: MenuLink;
}

const link = (entry: { url: string; data: { title: string; h1?: string } }, label?: string): MenuLink => ({
  label: label ?? entry.data.title,
  href: entry.url,
});

/**
 * The header's dropdowns, as templates/README.md ("Menus") lists them. List pages and hidden
 * entries never appear, and "All N Case Studies" counts only the visible ones.
 */
export function buildMenus(catalogue: Catalogue): Menu[] {
  const projects = catalogue.collection('projects');
  const services = catalogue.collection('services');
  const blogs = catalogue.collection('blogs', { order: 'newest' });
  return [
    {
      id: 'about',
      label: 'About',
      href: '/about/company',
      items: [
        { label: 'The Company', href: '/about/company' },
        { label: 'The Team', href: '/about/team' },
      ],
      separator: false,
    },
    {
      id: 'case-studies',
      label: 'Case Studies',
      href: '/projects',
      items: projects.slice(0, menuLimits.caseStudies).map((entry) => link(entry)),
      separator: true,
      all: { label: `All ${projects.length} Case Studies`, href: '/projects' },
    },
    {
      id: 'services',
      label: 'Services',
      href: '/services',
      items: services.map((entry) => link(entry)),
      separator: false,
      all: { label: 'All Services', href: '/services' },
    },
    {
      id: 'blogs',
      label: 'Blogs',
      href: '/blogs',
      items: blogs.slice(0, menuLimits.blogs).map((entry) => link(entry)),
      separator: false,
      all: { label: 'All Blogs', href: '/blogs' },
    },
  ];
}
