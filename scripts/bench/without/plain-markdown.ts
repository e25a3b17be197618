// Without the plain-prose reader: every body goes through the full processor (see `../without.ts`).
export function plainMarkdownHtml(): undefined {
  return undefined;
}
