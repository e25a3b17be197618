import { createContext, createElement as h, useContext, type ComponentType, type ReactNode } from 'react';
import { renderToString } from './render-to-string.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/**
 * Markup that many pages share: an island, or a component wrapped in React's `memo`, is rendered
 * once per build for each distinct set of props, on its own, and written into every page that
 * renders it with the same props. `memo` promises that the same props give the same output; the
 * engine keeps that promise across pages. Such a component sees the engine's own contexts (the
 * images), not contexts a site provides above it: an island is hydrated on its own in the
 * browser too.
 */
export interface SharedMarkup {
  /** The component's markup for `props` (their JSON, `key`, names them in the cache). */
  markupOf(component: ComponentType<object>, props: object, key: string): string;
  /** A stand-in for the markup in the page being rendered, replaced by `fill` once it is rendered to a string. */
  placeholder(markup: string): string;
  /** The page's HTML with its stand-ins replaced by their markup. */
  fill(html: string): string;
  /** Part of a page with the stand-ins made so far replaced by their markup, all left for `fill`: to look at what that part holds. */
  expand(html: string): string;
}

const SharedMarkupContext = createContext<SharedMarkup | undefined>(undefined);

/** Distinct props kept per component: a header whose props differ on every page is not kept ten thousand times. */
const KEEP_PER_COMPONENT = 64;

/** The resource hints React writes ahead of markup rendered on its own (a `<link rel="preload">` for an image). */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

/**
 * Markup rendered on its own without the resource hints React writes ahead of it: one
 * `<link rel="preload" as="image">` per eager `<img>` a component draws, which, ahead of an MDX
 * body, landed inside `<main>`, three on a page whose component drew three images. The page's
 * own images are eager only for the first (see `mdx-images.ts`), so none is lost that the engine
 * would preload.
 */
export function withoutLeadingHints(html: string): string {
  return html.replace(LEADING_HINTS, '');
}

/**
 * Shared markup for one build. `wrap` puts a tree inside the providers every page gets (the
 * images), so a component rendered on its own sees what it would in the page. Rendered on its
 * own, React writes resource hints for what the markup loads ahead of it; inside a page they go
 * in the head. They are left out: a page that wants an image preloaded draws it itself.
 */
export function createSharedMarkup(wrap: (node: ReactNode) => ReactNode): SharedMarkup {
  const cache = new Map<ComponentType<object>, Map<string, string>>();
  const pending: string[] = [];
  const nonce = Math.random().toString(36).slice(2);
  const shared: SharedMarkup = {
    markupOf(component, props, key) {
      let byProps = cache.get(component);
      if (!byProps) cache.set(component, (byProps = new Map()));
      let markup = byProps.get(key);
      if (markup === undefined) {
        // Markup shared in its turn inside it is filled in before it is kept.
        const start = pending.length;
        markup = fill(withoutLeadingHints(renderToString(h(SharedMarkupContext, { value: shared }, wrap(h(component, props))))), start);
        if (byProps.size >= KEEP_PER_COMPONENT) byProps.delete(byProps.keys().next().value!);
        byProps.set(key, markup);
      }
      return markup;
    },
    placeholder(markup) {
      pending.push(markup);
      return `${nonce}:${pending.length - 1}`;
    },
    fill: (html) => fill(html, 0),
    expand: (html) =>
      html.replace(
        new RegExp(`<template data-shared="${nonce}:(\\d+)"></template>`, 'g'),
        (stand, index: string) => pending[Number(index)] ?? stand,
      ),
  };
  /** Replaces the stand-ins made since `start` (in the order they were made, which is the order of the page). */
  const fill = (html: string, start: number) => {
    let filled = '';
    let cursor = 0;
    for (let index = start; index < pending.length; index++) {
      const stand = `<template data-shared="${nonce}:${index}"></template>`;
      const at = html.indexOf(stand, cursor);
      if (at < 0) throw new Error(phrase('shared-markup-missing', { index }));
      filled += html.slice(cursor, at) + pending[index];
      cursor = at + stand.length;
    }
    pending.length = start;
    return filled + html.slice(cursor);
  };
  return shared;
}

/** Provides the build's shared markup to the page rendered inside it. */
export function SharedMarkupProvider({ value, children }: { value: SharedMarkup; children?: ReactNode }) {
  return h(SharedMarkupContext, { value }, children);
}

/** The shared markup of the build rendering this page, if the engine is rendering one. */
export function useSharedMarkup(): SharedMarkup | undefined {
  return useContext(SharedMarkupContext);
}

/**
 * A `memo` component's markup, shared between pages (see `SharedMarkup`): a stand-in element
 * that the page's HTML trades for it. Outside a build (a test rendering a template itself), or
 * with props that are not plain data, the component renders as React would.
 */
export function Shared({ component, props }: { component: ComponentType<object>; props: object }) {
  const shared = useSharedMarkup();
  const key = shared && plainJson(props);
  if (!shared || key === undefined) return h(component, props);
  return h('template', { 'data-shared': shared.placeholder(shared.markupOf(component, props, key)) });
}

/** The JSON of a value made only of plain data (text, numbers, booleans, null, arrays, plain objects), else undefined. */
export function plainJson(value: unknown): string | undefined {
  return isPlain(value) ? JSON.stringify(value) : undefined;
}

function isPlain(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!isPlain((value as Record<string, unknown>)[key])) return false;
  return true;
}
