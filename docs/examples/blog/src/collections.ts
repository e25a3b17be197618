import { defineCollection, z, type CollectionData } from 'stillsite';

/** Top-level pages: the home page and the not-found page. */
export const pages = defineCollection({
  name: 'pages',
  include: ['*.md'],
  schema: () =>
    z.strictObject({
      title: z.string().min(1),
      description: z.string().min(1),
      template: z.enum(['page', 'home']).default('page'),
      hidden: z.boolean().optional(),
    }),
  // A function of the entry's data chooses the template.
  template: (data) => data.template,
});

/** People who write posts: `content/authors/<slug>.md`. */
export const authors = defineCollection({
  name: 'authors',
  include: ['authors/*.md'],
  schema: ({ asset }) =>
    z.strictObject({
      title: z.string().min(1),
      description: z.string().min(1),
      // A root-relative path to a file in the content or public folder; a missing file is an error.
      avatar: asset(),
    }),
  template: 'author',
});

/** Posts: `content/posts/<slug>.md`. */
export const posts = defineCollection({
  name: 'posts',
  include: ['posts/*.md'],
  schema: ({ date, ref }) =>
    z.strictObject({
      title: z.string().min(1).max(70),
      description: z.string().min(1),
      // YYYY-MM-DD, or an ISO 8601 date and time (kept as the same moment in UTC).
      createdDate: date(),
      updatedDate: date().optional(),
      // The slug of an entry of `authors`, checked once every file is read.
      author: ref('authors'),
      tags: z.array(z.enum(['css', 'react', 'node'])).min(1),
      hidden: z.boolean().optional(),
    }),
  // The fields holding each post's dates: `order: 'newest'`, feeds and the sitemap read them.
  dates: { published: 'createdDate', updated: 'updatedDate' },
  template: 'post',
});

/** The data of a post, as its schema gives it. */
export type Post = CollectionData<typeof posts>;
export type Author = CollectionData<typeof authors>;
