// Without the YAML fast path: every front matter read by the `yaml` package (see `../without.ts`).
export function quickFrontMatter(): undefined {
  return undefined;
}
