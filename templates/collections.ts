import { defineCollection } from 'stillsite';
import { blogPostSchema, caseStudySchema, pageSchema, serviceSchema, teamMemberSchema } from './schemas.ts';

/**
 * The firm's collections, each typed by its schema: a template declared against one with
 * `defineTemplate` (see site.ts) gets that collection's data, and pages import the type of their
 * props from here (`TemplateProps<typeof caseStudies>`).
 */

/** List pages (`_index.md`) belong to the pages collection, never to the collection they list. */
const notListPages = ['**/_*.md'];

export const team = defineCollection({ name: 'team', include: ['about/team/*.md'], exclude: notListPages, schema: teamMemberSchema, template: 'team-member' });
export const caseStudies = defineCollection({ name: 'projects', include: ['projects/*.md'], exclude: notListPages, schema: caseStudySchema, template: 'case-study' });
export const blogs = defineCollection({ name: 'blogs', include: ['blogs/*.md'], exclude: notListPages, schema: blogPostSchema, template: 'blog-post' });
export const services = defineCollection({ name: 'services', include: ['services/*.md'], exclude: notListPages, schema: serviceSchema, template: 'service' });
/** Every other page, drawn with the template its front matter names. */
export const pages = defineCollection({ name: 'pages', include: ['**/*.md', '**/*.mdx'], schema: pageSchema, template: (data) => data.template });
