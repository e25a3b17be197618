import rehypeExternalLinks from 'rehype-external-links';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * One frozen processor for every page. Raw HTML is parsed and then sanitized (GitHub's rules),
 * heading ids are added after sanitizing so they keep their plain slugs, and links to other
 * origins open in a new tab without handing it `window.opener` or the referrer.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize)
  .use(rehypeSlug)
  .use(rehypeExternalLinks, { target: '_blank', rel: ['noopener', 'noreferrer'] })
  .use(rehypeStringify)
  .freeze();

/** Renders a Markdown body to sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
