// The engine's search: a button that opens a dialog with results as the reader types (see `search` in site.config.tsx).
export { Search as default } from 'stillsite/search';
