import type { ComponentType } from 'react';
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { jsxDEV as reactJsxDev } from 'react/jsx-dev-runtime';
import { Shared } from './shared-markup.ts';
import { noteStyledElement } from './styled-elements.ts';

/**
 * The JSX runtime a site's code is compiled with (`jsxImportSource: 'stillsite'`): React's own,
 * except that an element of a component wrapped in `memo` becomes `Shared`, so the engine renders
 * it once per build for each distinct set of props (see `shared-markup.ts`). In the browser,
 * islands use React's runtime as it is.
 */
export { Fragment };

const MEMO = Symbol.for('react.memo');

type Props = Record<string, unknown>;
type MemoType = { $$typeof: symbol; type: unknown; compare: unknown };

function shareable(type: unknown, props: Props): [unknown, Props] {
  if (typeof type === 'string' && props.style != null) noteStyledElement(type, props.style);
  const memo = type as MemoType | null;
  // A memo with a comparison of its own decides sameness itself: it renders as React would.
  if (typeof memo === 'object' && memo?.$$typeof === MEMO && memo.compare === null && typeof memo.type === 'function')
    return [Shared, { component: memo.type as ComponentType<object>, props }];
  return [type, props];
}

export function jsx(type: unknown, props: Props, key?: string) {
  const [shared, sharedProps] = shareable(type, props);
  return reactJsx(shared as never, sharedProps, key);
}

export function jsxs(type: unknown, props: Props, key?: string) {
  const [shared, sharedProps] = shareable(type, props);
  return reactJsxs(shared as never, sharedProps, key);
}

export function jsxDEV(type: unknown, props: Props, key: string | undefined, isStatic: boolean, source?: unknown, self?: unknown) {
  const [shared, sharedProps] = shareable(type, props);
  return (reactJsxDev as (...args: unknown[]) => unknown)(shared, sharedProps, key, isStatic, source, self);
}
