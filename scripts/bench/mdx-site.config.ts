// The firm's site, with its catch-all collection taking the benchmark's one MDX page: the firm's
// own site takes no MDX, and MDX is taken only where a collection says so (docs/security.md, "MDX is code").
import firm from '../../templates/site.ts';
import { MDX_PAGE } from './corpus.ts';

export default {
  ...firm,
  collections: firm.collections.map((collection) =>
    collection.name === 'pages' ? { ...collection, include: [...(collection.include ?? []), MDX_PAGE], mdx: true } : collection,
  ),
};
