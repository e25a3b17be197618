import { defineCollection } from 'stillsite';
import { blogPostSchema, caseStudySchema, pageSchema, serviceSchema, teamMemberSchema } from './schemas.ts';

/**
 * The firm's collections, each typed by its schema: a template declared against one with
 * `defineTemplate` (see site.ts) gets that collection's data, and pages import the type of their
 * props from here (`TemplateProps<typeof caseStudies>`).
 */

/** List pages (`_index.md`) belong to the pages collection, never to the collection they list. */
const notListPages = ['**/_*.md'];
/** Every page's dates are its `createdDate` and `updatedDate` (see `pageFields`): feeds, the sitemap and the newest-first lists read them. */
const dates = { published: 'createdDate', updated: 'updatedDate' };

export const team = defineCollection({
  name: 'team',
  include: ['about/team/*.md'],
  exclude: notListPages,
  dates,
  schema: teamMemberSchema,
  template: 'team-member',
});
export const caseStudies = defineCollection({
  name: 'projects',
  include: ['projects/*.md'],
  exclude: notListPages,
  dates,
  schema: caseStudySchema,
  template: 'case-study',
});
export const blogs = defineCollection({
  name: 'blogs',
  include: ['blogs/*.md'],
  exclude: notListPages,
  dates,
  schema: blogPostSchema,
  template: 'blog-post',
});
export const services = defineCollection({
  name: 'services',
  include: ['services/*.md'],
  exclude: notListPages,
  dates,
  schema: serviceSchema,
  template: 'service',
});
/** Every other page, drawn with the template its front matter names. */
export const pages = defineCollection({
  name: 'pages',
  include: ['**/*.md'],
  dates,
  schema: pageSchema,
  template: (data) => data.template,
});
