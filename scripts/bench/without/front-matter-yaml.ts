// Without the YAML fast path: every front matter read by the `yaml` package (see `../without.ts`).
export * from '../../../src/content/front-matter-yaml.ts';
export { readWithYamlPackage as readFrontMatterYaml } from '../../../src/content/front-matter-yaml.ts';
