import {
  createElement as h,
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { navigate } from './requests.ts';

/**
 * The site's search (`search: true` in the site definition): a button that opens a dialog where
 * results come as the visitor types, from the index `site build` writes with Pagefind under
 * `/pagefind/`. A site's island module default-exports it
 * (`export { Search as default } from 'stillsite/search'`) and its layout places it where
 * `site.search` is true (docs/search.md). Pagefind's script, WebAssembly and index are fetched
 * only when the dialog first opens, so a page that shows the button pays for this island alone,
 * and a page without it for nothing.
 *
 * Without JavaScript the button does nothing and the note beside it says search needs
 * JavaScript, or links to `fallback` (a page of the site's that lists everything, say); the
 * site's CSS can hide one or the other with `html[data-js]` (see docs/search.md).
 */
export interface SearchProps {
  /** The button's words (default "Search"). */
  label?: string;
  /** The note shown with JavaScript off (default "Search needs JavaScript."). */
  noScript?: string;
  /** A page to offer with JavaScript off instead of nothing: `{ href: '/blog', label: 'Browse all posts' }`. */
  fallback?: { href: string; label: string };
  /** Where the index is (default `/pagefind/`, where `site build` writes it). */
  bundle?: string;
  /**
   * The dialog's other words, for a site in another language (a multilingual layout passes its
   * `t()`'s): any left out are English. `{query}` is what was typed, `{count}` the number found.
   */
  words?: Partial<SearchWords>;
}

/** The words of the dialog besides its label and the no-JavaScript note. */
export interface SearchWords {
  close: string;
  more: string;
  prompt: string;
  searching: string;
  failed: string;
  /** `{query}`: no result for it. */
  none: string;
  /** `{count}` results for `{query}`, by the plural category of `{count}` in the page's language (`Intl.PluralRules`): `other` for any missing. */
  results: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
}

const ENGLISH: SearchWords = {
  close: 'Close',
  more: 'Show more results',
  prompt: 'Type to search the site.',
  searching: 'Searching…',
  failed: 'The search could not be loaded.',
  none: 'No results for “{query}”.',
  results: { one: '{count} result for “{query}”.', other: '{count} results for “{query}”.' },
};

/** What Pagefind's `search()` gives for each result, once its data is loaded. */
interface ResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  destroy(): Promise<void>;
  search(term: string): Promise<{ results: Array<{ id: string; data(): Promise<ResultData> }> } | null>;
}

/** Results shown at once: more are a click on "show more" away, each costing a fragment fetch. */
const PAGE_SIZE = 8;

let loaded: { pagefind: Promise<Pagefind>; lang: string } | undefined;

/**
 * Pagefind's module, loaded once per document language: its index is split by `<html lang>`, and
 * a client navigation to a page in another language must search that language's index.
 */
function loadPagefind(bundle: string): Promise<Pagefind> {
  const lang = document.documentElement.lang;
  if (loaded?.lang === lang) return loaded.pagefind;
  const previous = loaded?.pagefind;
  const pagefind = (async () => {
    if (previous) await (await previous).destroy();
    // A URL of the site's output, never bundled: the variable keeps esbuild from resolving it.
    const url = `${bundle}pagefind.js`;
    const module = (await import(/* @vite-ignore */ url)) as Pagefind;
    await module.options({ baseUrl: '/', bundlePath: bundle });
    await module.init();
    return module;
  })();
  loaded = { pagefind, lang };
  pagefind.catch(() => (loaded = undefined));
  return pagefind;
}

export function Search({
  label = 'Search',
  noScript = 'Search needs JavaScript.',
  fallback,
  bundle = '/pagefind/',
  words: given,
}: SearchProps) {
  const words: SearchWords = { ...ENGLISH, ...given };
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useOpenedByShortcut();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const { dialog, input } = useDialogShown(open, bundle);
  const list = useRef<HTMLUListElement>(null);
  const ids = useId();

  useEffect(() => setHydrated(true), []);
  const state = useResults(query, open, shown, bundle);

  const close = () => setOpen(false);
  const dialogProps: DialogProps = { ids, label, words, query, state, dialog, input, list, close };
  return h(
    Fragment,
    null,
    h(
      'button',
      {
        type: 'button',
        className: 'search-open',
        'aria-haspopup': 'dialog',
        'aria-keyshortcuts': '/ Control+K',
        onClick: () => setOpen(true),
      },
      label,
    ),
    hydrated ? null : h('span', { className: 'search-no-js' }, fallback ? h('a', { href: fallback.href }, fallback.label) : noScript),
    searchDialog(dialogProps, {
      onQuery: (typed) => {
        setQuery(typed);
        setShown(PAGE_SIZE);
      },
      onMore: () => setShown(shown + PAGE_SIZE),
    }),
  );
}

/** What the search has found for the last query it finished. */
interface SearchState {
  query: string;
  results: ResultData[];
  total: number;
  error?: boolean;
}

/** Whether the search is open; `/` and Ctrl+K (⌘K) open it from anywhere on the page but a field being typed in. */
function useOpenedByShortcut(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const typing =
        event.target instanceof HTMLElement && (event.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (!shortcut && (event.key !== '/' || typing || event.altKey || event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return [open, setOpen];
}

/** The dialog and its field, the dialog shown as `open` says, its field selected and Pagefind loading from the first time. */
function useDialogShown(open: boolean, bundle: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.select();
      void loadPagefind(bundle).catch(() => {});
    } else if (!open && element.open) element.close();
  }, [open, bundle]);
  return { dialog, input };
}

/** Results as the visitor types: each keystroke's search supersedes the last (Pagefind debounces none of it itself). */
function useResults(query: string, open: boolean, shown: number, bundle: string): SearchState {
  const [state, setState] = useState<SearchState>({ query: '', results: [], total: 0 });
  useEffect(() => {
    const term = query.trim();
    if (!open || term === '') return void setState({ query: term, results: [], total: 0 });
    let stale = false;
    void (async () => {
      try {
        const pagefind = await loadPagefind(bundle);
        const found = await pagefind.search(term);
        if (stale || !found) return;
        const results = await Promise.all(found.results.slice(0, shown).map((result) => result.data()));
        if (!stale) setState({ query: term, results, total: found.results.length });
      } catch {
        if (!stale) setState({ query: term, results: [], total: 0, error: true });
      }
    })();
    return () => void (stale = true);
  }, [query, open, shown, bundle]);
  return state;
}

/** What the dialog shows, and the elements it holds that the search reaches for. */
interface DialogProps {
  ids: string;
  label: string;
  words: SearchWords;
  query: string;
  state: SearchState;
  dialog: RefObject<HTMLDialogElement | null>;
  input: RefObject<HTMLInputElement | null>;
  list: RefObject<HTMLUListElement | null>;
  close: () => void;
}

/** Arrow keys move between the field and the results; Enter in the field follows the first result; Escape closes. */
function resultKeys({ input, list, close }: DialogProps): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const all = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    // A search field's own Escape only empties it; the dialog's closes it, whatever is typed.
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' && all.length) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)]!.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input.current : all[at - 1])?.focus();
    } else if (event.key === 'Enter' && event.target === input.current && all[0]) {
      event.preventDefault();
      close();
      void navigate(all[0].href);
    }
  };
}

/** The dialog: the search field, the status, the results and the button for more of them. */
function searchDialog(props: DialogProps, on: { onQuery: (typed: string) => void; onMore: () => void }): ReactNode {
  const { ids, label, words, query, state, dialog, input, list, close } = props;
  const titleId = `${ids}-title`;
  const statusId = `${ids}-status`;
  return h(
    'dialog',
    {
      ref: dialog,
      className: 'search-dialog',
      'aria-labelledby': titleId,
      onClose: close,
      // A click on the backdrop (the dialog element itself, outside its box) closes it.
      onClick: (event: { target: unknown; currentTarget: unknown }) => event.target === event.currentTarget && close(),
    },
    h(
      'div',
      { className: 'search-box', onKeyDown: resultKeys(props) },
      h(
        'form',
        { role: 'search', onSubmit: (event: { preventDefault(): void }) => event.preventDefault() },
        h('label', { id: titleId, htmlFor: `${ids}-input`, className: 'search-label' }, label),
        h('input', {
          ref: input,
          id: `${ids}-input`,
          type: 'search',
          className: 'search-input',
          autoComplete: 'off',
          spellCheck: false,
          'aria-describedby': statusId,
          value: query,
          onChange: (event: { currentTarget: HTMLInputElement }) => on.onQuery(event.currentTarget.value),
        }),
        h('button', { type: 'button', className: 'search-close', onClick: close }, words.close),
      ),
      h('p', { id: statusId, className: 'search-status', role: 'status' }, statusText(state, query.trim(), words)),
      h(
        'ul',
        { ref: list, className: 'search-results' },
        state.results.map((result) =>
          h(
            'li',
            { key: result.url },
            h('a', { href: result.url, onClick: close }, result.meta.title ?? result.url),
            h('p', null, excerpt(result.excerpt)),
          ),
        ),
      ),
      state.total > state.results.length ? h('button', { type: 'button', className: 'search-more', onClick: on.onMore }, words.more) : null,
    ),
  );
}

function statusText(state: SearchState, typed: string, words: SearchWords): string {
  if (state.error) return words.failed;
  if (typed === '') return words.prompt;
  if (state.query !== typed) return words.searching;
  const fill = (text: string) => text.replace(/\{query\}/g, typed).replace(/\{count\}/g, String(state.total));
  if (state.total === 0) return fill(words.none);
  const category = new Intl.PluralRules(document.documentElement.lang || 'en').select(state.total);
  return fill(words.results[category] ?? words.results.other);
}

/**
 * Pagefind's excerpt marks the words found with `<mark>` in text it escaped: it is rendered as
 * text and `<mark>` elements, never as HTML, so nothing in a page's text can become markup here.
 */
function excerpt(html: string): ReactNode[] {
  return html.split(/(<mark>.*?<\/mark>)/).map((part, index) => {
    const marked = /^<mark>(.*)<\/mark>$/.exec(part);
    return marked ? h('mark', { key: index }, decodeEntities(marked[1]!)) : decodeEntities(part);
  });
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!);
