import { z, type SchemaHelpers } from 'stillsite';
import { CONSENT_VALUES } from './consent-values.ts';

/** Tag keys (templates/README.md, "Content schemas"): technologies first, then industries. */
export const TECHNOLOGY_TAGS = [
  'snowflake',
  'bigData',
  'aws',
  'azure',
  'gcp',
  'java',
  'python',
  'net',
  'javascript',
  'c',
  'delphi',
  'oracle',
  'sqlServer',
  'noSql',
  'mobile',
  'pivotal',
  'ironvale',
  'security',
] as const;
export const INDUSTRY_TAGS = ['public', 'financial', 'healthBio', 'retail', 'energyTransport'] as const;
export const TAGS = [...TECHNOLOGY_TAGS, ...INDUSTRY_TAGS] as const;
export type Tag = (typeof TAGS)[number];

export const CLEARANCE_LEVELS = ['Public Trust', 'Secret', 'TS/SCI'] as const;
export const CLEARANCE_STATUSES = ['active', 'inactive'] as const;

/** Templates the pages collection may name. */
export const PAGE_TEMPLATES = [
  'home',
  'page',
  'contact',
  'team-list',
  'project-list',
  'blog-list',
  'service-list',
  'not-found',
  'og-images',
] as const;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour written #rrggbb' });
const text = (max?: number) => (max ? z.string().trim().min(1).max(max) : z.string().trim().min(1));

/** ogImage: a social preview, drawn from a template or named by path (templates/README.md, "Content schemas"). */
export const ogImageSchema = (h: SchemaHelpers) =>
  z.strictObject({
    alt: text().optional(),
    imageBgColor: color.optional(),
    background: z.strictObject({ url: h.asset(), overlay: color.optional() }).optional(),
    template: z.literal('textOnly').optional(),
    path: h.asset().optional(),
    type: z.enum(['image/png', 'image/svg+xml']).optional(),
    width: z.literal(1200).optional(),
    height: z.literal(630).optional(),
  });

/** The page metadata entry: the fields every page shares (templates/README.md, "Content schemas"). */
export const pageFields = (h: SchemaHelpers) => ({
  title: text(70),
  description: z.string().trim().min(50).max(170),
  h1: text().optional(),
  createdDate: h.date().optional(),
  updatedDate: h.date().optional(),
  hidden: z.boolean().optional(),
  sort: z.number().optional(),
  image: z.strictObject({ path: h.asset(), alt: text() }).optional(),
  banner: z
    .strictObject({
      image: h.asset(),
      alt: text(),
      color: color.optional(),
      position: z
        .string()
        .regex(/^[a-z0-9% -]+$/, { error: 'a CSS background position such as center or 50% 20%' })
        .optional(),
      overlayOpacity: z.number().min(0).max(1).optional(),
    })
    .optional(),
  icon: z.strictObject({ url: h.asset() }).optional(),
  ogImage: ogImageSchema(h).optional(),
});

/** An updated date before the created date is a typo. */
function datesInOrder(value: { createdDate?: string; updatedDate?: string }, ctx: z.RefinementCtx): void {
  if (value.createdDate && value.updatedDate && value.updatedDate < value.createdDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['updatedDate'],
      message: `must not be before createdDate (${value.createdDate})`,
      input: value.updatedDate,
    });
  }
}

export const pageSchema = (h: SchemaHelpers) =>
  z
    .strictObject({
      ...pageFields(h),
      template: z.enum(PAGE_TEMPLATES).default('page'),
      featured: z.array(h.ref('projects')).optional(),
      testimonials: z.array(z.strictObject({ quote: text(), name: text(), role: text(), company: text() })).optional(),
      partners: z.array(z.strictObject({ name: text(), image: h.asset() })).optional(),
    })
    .superRefine(datesInOrder);

/** A team member (templates/README.md, "Content schemas"). */
export const teamMemberSchema = (h: SchemaHelpers) =>
  z
    .strictObject({
      ...pageFields(h),
      name: text(),
      jobTitle: text(),
      tagline: text(),
      shortBio: text(),
      url: z.url().optional(),
      sameAs: z.array(z.url()).default([]),
      linkedInUrl: z.url(),
      securityClearances: z.array(z.strictObject({ level: z.enum(CLEARANCE_LEVELS), status: z.enum(CLEARANCE_STATUSES) })).default([]),
      sort: z.number(),
    })
    .superRefine(datesInOrder);

/** A case study: at least one technology tag and one industry tag. */
export const caseStudySchema = (h: SchemaHelpers) =>
  z
    .strictObject({
      ...pageFields(h),
      type: z.literal('Article').default('Article'),
      clients: z.array(z.strictObject({ name: text(), url: z.url() })).min(1),
      publisher: text().optional(),
      tags: z.array(z.enum(TAGS)).min(1),
    })
    .superRefine(datesInOrder)
    .superRefine((value, ctx) => {
      for (const [group, list] of [
        ['technology', TECHNOLOGY_TAGS],
        ['industry', INDUSTRY_TAGS],
      ] as const) {
        if (!value.tags.some((tag) => (list as readonly string[]).includes(tag))) {
          ctx.addIssue({
            code: 'custom',
            path: ['tags'],
            message: `needs at least one ${group} tag (one of ${list.join(', ')})`,
            input: value.tags,
          });
        }
      }
    });

/** A blog post: ordered by createdDate, written by a team member or the firm. */
export const blogPostSchema = (h: SchemaHelpers) =>
  z.strictObject({ ...pageFields(h), createdDate: h.date(), author: h.ref('team').optional() }).superRefine(datesInOrder);

/** A service. */
export const serviceSchema = (h: SchemaHelpers) =>
  z.strictObject({ ...pageFields(h), sort: z.number(), relatedTags: z.array(z.enum(TAGS)).default([]) }).superRefine(datesInOrder);

/** An author: the firm, or a person from the team. */
export const authorSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('Organization'), name: text(), url: z.url() }),
  z.strictObject({ type: z.literal('Person'), name: text(), url: z.url(), image: z.string(), jobTitle: text() }),
]);

/** The consent value, as kept under ga_consent_v2 (templates/README.md, "Consent and the cookie banner"). */
export const consentValueSchema = z.enum(CONSENT_VALUES);

export type PageEntry = z.infer<ReturnType<typeof pageSchema>>;
export type TeamMember = z.infer<ReturnType<typeof teamMemberSchema>>;
export type CaseStudy = z.infer<ReturnType<typeof caseStudySchema>>;
export type BlogPost = z.infer<ReturnType<typeof blogPostSchema>>;
export type Service = z.infer<ReturnType<typeof serviceSchema>>;
export type OgImage = z.infer<ReturnType<typeof ogImageSchema>>;
export type Author = z.infer<typeof authorSchema>;
export type ConsentValue = z.infer<typeof consentValueSchema>;
