import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/content/catalogue.ts';
import { buildMenus } from '../../templates/menus.ts';
import { makeEntry } from '../helpers/entries.ts';

const projects = Array.from({ length: 14 }, (_, i) =>
  makeEntry('projects', `/projects/p${String(i).padStart(2, '0')}`, { sort: 140 - i * 10, title: `Project ${i}` }),
);
const blogs = Array.from({ length: 12 }, (_, i) =>
  makeEntry('blogs', `/blogs/b${i}`, { createdDate: `20${10 + i}-01-01`, sort: i, title: `Blog ${i}` }),
);
const catalogue = createCatalogue([
  ...projects,
  makeEntry('projects', '/projects/hidden', { sort: 1, hidden: true, title: 'Hidden' }),
  makeEntry('projects', '/projects', { title: 'All projects' }, { listPage: true }),
  ...blogs,
  makeEntry('services', '/services/z', { sort: 60, title: 'Zed' }),
  makeEntry('services', '/services/a', { sort: 10, title: 'Alpha' }),
  makeEntry('services', '/services', { title: 'Services' }, { listPage: true }),
]);
const menus = Object.fromEntries(buildMenus(catalogue).map((menu) => [menu.id, menu]));

describe('header menus', () => {
  it('About holds The Company and The Team', () => {
    expect(menus.about!.items).toEqual([
      { label: 'The Company', href: '/about/company' },
      { label: 'The Team', href: '/about/team' },
    ]);
  });

  it('Case Studies shows the first 10 visible projects by sort, a separator, and the visible count', () => {
    const menu = menus['case-studies']!;
    expect(menu.items).toHaveLength(10);
    expect(menu.items[0]).toEqual({ label: 'Project 13', href: '/projects/p13' });
    expect(menu.items.map((i) => i.href)).not.toContain('/projects/hidden');
    expect(menu.items.map((i) => i.href)).not.toContain('/projects');
    expect(menu.separator).toBe(true);
    expect(menu.all).toEqual({ label: 'All 14 Case Studies', href: '/projects' });
  });

  it('Services lists every service by sort, then All Services', () => {
    expect(menus.services!.items.map((i) => i.label)).toEqual(['Alpha', 'Zed']);
    expect(menus.services!.all).toEqual({ label: 'All Services', href: '/services' });
  });

  it('Blogs lists the 10 newest by createdDate, newest first, then All Blogs', () => {
    expect(menus.blogs!.items.map((i) => i.label)).toEqual([
      'Blog 11',
      'Blog 10',
      'Blog 9',
      'Blog 8',
      'Blog 7',
      'Blog 6',
      'Blog 5',
      'Blog 4',
      'Blog 3',
      'Blog 2',
    ]);
    expect(menus.blogs!.all).toEqual({ label: 'All Blogs', href: '/blogs' });
  });
});
