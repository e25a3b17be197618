// Without the prose reader: every body goes through the full processor (see `../without.ts`).
export function proseMarkdownHtml(): undefined {
  return undefined;
}
