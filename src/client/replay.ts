import { INTENT_EVENTS } from './events.ts';

/** Events whose effect only the island's code can give, kept and dispatched again once it has hydrated. */
const REPLAYED_EVENTS = new Set(['click', 'keydown']);

/**
 * Elements whose click the browser acts on by itself (following a link, submitting a form,
 * toggling a checkbox or a `<details>`): their click was not lost, and a second one would act twice.
 */
const NATIVE_CLICK =
  'a[href], area[href], input, select, textarea, label, summary, button[type=submit], button[type=reset], button:not([type]), [contenteditable]';

export interface InteractionCapture {
  /** Takes events seen before this capture listened (the bootstrap's, see early.ts) as if it had: those inside its root count. */
  feed(events: readonly Event[]): void;
  /** Stops listening, keeping what was kept: from the moment hydration begins, the island's own listeners take events. */
  stop(): void;
  /** Dispatches the kept events again, in order, on the elements still in the page. */
  replay(): void;
  /** Stops listening and forgets the kept events (the island is gone, or failed to load). */
  discard(): void;
}

/**
 * Listens for the visitor's first reach for a not-yet-hydrated island (`onIntent` is called once)
 * and keeps the clicks and key presses that its code would have handled. A `button` outside a
 * form is kept; a link or form control is left to the browser, which already did what it does,
 * so links inside islands work before hydration and with JavaScript off alike. Nothing is
 * cancelled or stopped: other listeners (the router's, for one) see every event as usual.
 */
export function captureInteraction(root: HTMLElement, onIntent: () => void): InteractionCapture {
  const kept: Event[] = [];
  let focused = false;
  let mouse = false;
  let intended = false;
  const listener = (event: Event) => {
    if (event.type === 'focusin') focused = true;
    if (event instanceof PointerEvent) mouse = event.pointerType === 'mouse';
    if (REPLAYED_EVENTS.has(event.type) && !(event.type === 'click' && hasNativeClick(event.target)) && !isTab(event)) kept.push(event);
    if (!intended) {
      intended = true;
      onIntent();
    }
  };
  const stop = () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, listener, { capture: true });
  };
  for (const type of INTENT_EVENTS) root.addEventListener(type, listener, { capture: true, passive: true });
  return {
    feed(events) {
      for (const event of events) if (event.target instanceof Node && root.contains(event.target)) listener(event);
    },
    stop,
    replay() {
      stop();
      // A component listening for focus or hover learns of them too, if they are still true. Touch
      // leaves :hover on what was tapped, so only a mouse's hover counts.
      const active = document.activeElement;
      if (focused && active instanceof HTMLElement && root.contains(active))
        active.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
      const hovered = mouse ? [...root.querySelectorAll(':hover')].at(-1) : undefined;
      if (hovered) hovered.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, cancelable: true, composed: true, view: window }));
      for (const event of kept.splice(0)) {
        const target = event.target;
        if (target instanceof Element && target.isConnected && root.contains(target)) target.dispatchEvent(copyOf(event));
      }
    },
    discard() {
      stop();
      kept.length = 0;
    },
  };
}

function hasNativeClick(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(NATIVE_CLICK) !== null && !isPlainButton(target.closest(NATIVE_CLICK)!);
}

/** A `<button>` outside any form does nothing by itself, whatever its type says. */
function isPlainButton(element: Element): boolean {
  return element instanceof HTMLButtonElement && element.form === null;
}

/** Tab already moved focus, which is all it does; the focus it moved is replayed as focus. */
function isTab(event: Event): boolean {
  return event instanceof KeyboardEvent && event.key === 'Tab';
}

/** A new event like `event` (a dispatched event cannot be dispatched twice): same type, keys, buttons and coordinates. */
function copyOf(event: Event): Event {
  if (event instanceof KeyboardEvent) return new KeyboardEvent(event.type, event);
  if (event instanceof PointerEvent) return new PointerEvent(event.type, event);
  if (event instanceof MouseEvent) return new MouseEvent(event.type, event);
  return new Event(event.type, event);
}
