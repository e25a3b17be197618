import { z } from 'stillsite';

/**
 * What the front matter of every page must hold. A file that breaks it stops the build with its
 * name, line and field, so a typo never reaches the site.
 */
export const docSchema = () =>
  z.strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    /** The page's place in the sidebar and in previous/next: lower first (pages without one come last). */
    sort: z.number().optional(),
    /** A hidden page is built but left out of the sidebar and the sitemap. */
    hidden: z.boolean().optional(),
  });

export type DocData = z.infer<ReturnType<typeof docSchema>>;
