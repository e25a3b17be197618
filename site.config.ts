// The Kestrel Point site: `site build` and `site serve` load the definition from here.
export { default } from './templates/site.ts';
