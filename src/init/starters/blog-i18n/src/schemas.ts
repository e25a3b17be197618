import { z, type SchemaHelpers } from 'stillsite';

/**
 * What the front matter of each kind of page must hold. A file that breaks its schema stops the
 * build with its name, line and field, so a typo never reaches the site.
 */

/** Top-level pages (`content/*.md`): the home page, the not-found page, any page you add. */
export const pageSchema = () =>
  z.strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    /** Which template draws the page: `page` unless it says otherwise. */
    template: z.enum(['page', 'home']).default('page'),
    /** A hidden page is built but left out of listings and the sitemap. */
    hidden: z.boolean().optional(),
  });

/** Posts (`content/posts/*.md`). */
export const postSchema = ({ date }: SchemaHelpers) =>
  z.strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    /** The day it was published, written YYYY-MM-DD. */
    date: date(),
    /** A hidden post is built but listed nowhere (a draft, `draft: true`, is not even built). */
    hidden: z.boolean().optional(),
  });

export type PostData = z.infer<ReturnType<typeof postSchema>>;
