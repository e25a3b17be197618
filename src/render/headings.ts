import type { Element, Text } from 'hast';
import type { Root as MdastRoot, RootContent as MdastNode } from 'mdast';
import type { Heading } from '../content/entry.ts';

export type { Heading };

/**
 * The headings of a rendered body, in order. The body comes from the engine's serializers
 * (hast-util-to-html, react-dom/server), which always close a heading and escape `<` in text,
 * so headings are read by searching for their tags, each search starting where the last ended:
 * one pass over the body.
 */
export function headingsOf(html: string): Heading[] {
  const headings: Heading[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf('<h', at);
    if (open < 0) break;
    const depth = html.charCodeAt(open + 2) - 48;
    const after = html[open + 3];
    if (!(depth >= 1 && depth <= 6 && (after === '>' || after === ' '))) {
      at = open + 2;
      continue;
    }
    // No end of the tag, or no closing tag, anywhere after: no heading further on either.
    const end = html.indexOf('>', open);
    const close = end < 0 ? -1 : html.indexOf(`</h${depth}>`, end);
    if (close < 0) break;
    const tag = html.slice(open, end);
    const idAt = tag.indexOf(' id="');
    const id = idAt < 0 ? undefined : tag.slice(idAt + 5, tag.indexOf('"', idAt + 5));
    const inner = html.slice(end + 1, close);
    const text = decodeText(inner.includes('<') ? inner.replace(/<[^>]*>/g, '') : inner).trim();
    headings.push({ depth, text, ...(id === undefined ? {} : { id: decodeText(id) }) });
    at = close;
  }
  return headings;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of escaped HTML, as the serializers escape it (`&amp;`, `&#x27;`, `&#39;`). */
function decodeText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** `## Title {#id}`: a custom id written at a heading's end, as Docusaurus and Pandoc write it. */
const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/**
 * A heading's custom id (`## Install {#setup}`), taken out of its text; undefined without one.
 * Used by the heading-id pass (`rehype-links-and-ids.ts`) on headings that have no id yet.
 */
export function takeCustomId(heading: Element): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text' || !last.value.endsWith('}')) return undefined;
  const match = CUSTOM_ID.exec(last.value);
  if (!match) return undefined;
  (last as Text).value = last.value.slice(0, match.index);
  return match[1];
}

/** MDX's comment form of a custom id: `{/* #id *\/}` or `{/*id*\/}`. */
const COMMENT_ID = /^\s*\/\*\s*#?([\w-]+)\s*\*\/\s*$/;

/**
 * Remark plugin for MDX: a heading ending in a comment naming an id (`## Step one {/*step-1*\/}`,
 * Docusaurus's form) takes that id, and the comment leaves its text (else it would be in the slug).
 */
export function remarkMdxHeadingIds() {
  return (tree: MdastRoot) => {
    const visit = (node: MdastRoot | MdastNode) => {
      if (node.type === 'heading') {
        const last = node.children.at(-1);
        const match = last?.type === 'mdxTextExpression' ? COMMENT_ID.exec(last.value) : null;
        if (match) {
          node.children.pop();
          const before = node.children.at(-1);
          if (before?.type === 'text') before.value = before.value.trimEnd();
          node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1] } };
        }
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

/**
 * An MDX text with each heading's `{#id}` written as MDX's comment form `{/*#id*\/}`, which MDX
 * reads (`{#id}` is an expression that does not parse). Line for line, code fences left as they are.
 */
export function mdxCustomIds(text: string): string {
  if (!text.includes('{#')) return text;
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === undefined ? marker : undefined;
        return line;
      }
      if (fence !== undefined || !/^\s{0,3}#{1,6}\s/.test(line)) return line;
      return line.replace(CUSTOM_ID, (_, id: string) => ` {/*#${id}*/}`);
    })
    .join('\n');
}
