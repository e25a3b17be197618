import { useEffect, useState } from 'react';
import { breakpoints, timing } from '../tokens.ts';

/**
 * True at desktop widths (md and up). Starts true so the first client render matches the
 * server's; resize events are debounced as tokens.ts says.
 */
export function useDesktop(): boolean {
  const [desktop, setDesktop] = useState(true);
  useEffect(() => {
    const measure = () => setDesktop(window.innerWidth >= breakpoints.md);
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, timing.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return desktop;
}

/** True while the header should be tucked away: scrolling down past the reveal offset, with nothing open. */
export function useHiddenOnScroll(offset: number, pinned: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        if (pinned || y <= offset) setHidden(false);
        else if (y > last + 2) setHidden(true);
        else if (y < last - 2) setHidden(false);
        last = y;
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [offset, pinned]);
  return hidden;
}
