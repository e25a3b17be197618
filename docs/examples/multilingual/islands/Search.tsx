// The engine's search (see `search` in site.config.tsx): its words come from the layout, in the page's language.
export { Search as default } from 'stillsite/search';
