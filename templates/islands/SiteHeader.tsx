import { memo, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { NAVIGATED_EVENT, navigate, usePathname } from 'stillsite/client';
import { Icon } from '../components/Icon.tsx';
import { Logo } from '../components/Logo.tsx';
import { useDesktop, useHiddenOnScroll } from '../lib/use-media.ts';
import type { Menu } from '../menus.ts';
import { headerRevealOffset, timing } from '../tokens.ts';

export interface SiteHeaderProps {
  menus: Menu[];
  /** The page's path, or what the header tells pages apart by (`headerPath`). */
  path: string;
}

/** Whether `menu`'s trigger is marked as the section `current` is in. */
function isActive(menu: Menu, current: string): boolean {
  return current === menu.href || menu.items.some((item) => item.href === current) || isBelow(menu, current);
}

/** Whether `path` lies deeper in `menu`'s section (`/projects/x` for `/projects`). */
function isBelow(menu: Menu, path: string): boolean {
  return path.startsWith(`${menu.href}/`);
}

/** Whether one of `menu`'s links leads to `path`. */
function linksTo(menu: Menu, path: string): boolean {
  return menu.items.some((item) => item.href === path) || menu.all?.href === path;
}

const CONTACT = '/contact';

/**
 * What the header draws differently from a page's path: the path itself when the header links to
 * it, the section it lies deeper in (`/projects/`), else ''. The header is an island, rendered once
 * per build for each distinct set of props: given this, once per section and linked page; given
 * the bare path, once per page. In the browser it follows the real path once hydrated.
 */
export function headerPath(menus: readonly Menu[], path: string): string {
  if (path === CONTACT || menus.some((menu) => menu.href === path || linksTo(menu, path))) return path;
  const sections = menus.filter((menu) => isBelow(menu, path)).map((menu) => menu.href);
  const deepest = sections.sort((a, b) => b.length - a.length)[0];
  return deepest === undefined ? '' : `${deepest}/`;
}

/**
 * A dropdown's links, the current page's marked. Given `current` only when it is one of them,
 * every page elsewhere renders the same links: `memo` lets the engine render them once per build.
 */
const MenuLinks = memo(function MenuLinks({ menu, current }: { menu: Menu; current: string | null }) {
  return (
    <>
      {menu.items.map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
            {item.label}
          </a>
        </li>
      ))}
      {menu.all ? (
        <li className={menu.separator ? 'dropdown-all has-separator' : 'dropdown-all'}>
          <a href={menu.all.href} aria-current={menu.all.href === current ? 'page' : undefined}>
            {menu.all.label}
            <Icon name="arrow_forward" size="xs" />
          </a>
        </li>
      ) : null}
    </>
  );
});

/**
 * The site header: logo, four dropdowns (click or hover; arrows move; Escape closes and returns
 * focus), a menu button below the md breakpoint, and hide-on-scroll-down, reveal-on-scroll-up.
 */
export default function SiteHeader({ menus, path }: SiteHeaderProps) {
  const current = usePathname(path);
  const desktop = useDesktop();
  const [openId, setOpenId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const hidden = useHiddenOnScroll(headerRevealOffset, openId !== null || mobileOpen);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const longPressed = useRef(false);
  // A dropdown opened by hovering is pinned, not closed, by the click that usually follows.
  const openedByHover = useRef(false);

  // Close everything after a navigation, and when a click lands outside the header.
  useEffect(() => {
    const closeAll = () => {
      setOpenId(null);
      setMobileOpen(false);
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpenId(null);
    };
    window.addEventListener(NAVIGATED_EVENT, closeAll);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener(NAVIGATED_EVENT, closeAll);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  // Close the mobile menu when the window widens into desktop. Only on that change: the first
  // effect runs after paint, and a press that opened the menu before it must not be undone.
  const wasDesktop = useRef(desktop);
  useEffect(() => {
    if (desktop && !wasDesktop.current) setMobileOpen(false);
    wasDesktop.current = desktop;
  }, [desktop]);

  const panelLinks = (id: string) => [...(header.current?.querySelectorAll<HTMLAnchorElement>(`#menu-${id} a`) ?? [])];
  const triggerOf = (id: string) => header.current?.querySelector<HTMLButtonElement>(`#trigger-${id}`);

  const openAndFocus = (id: string, which: 'first' | 'last') => {
    setOpenId(id);
    // The panel becomes visible on the next frame; focus its link then.
    requestAnimationFrame(() => {
      const links = panelLinks(id);
      (which === 'first' ? links[0] : links.at(-1))?.focus();
    });
  };

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(id, 'first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(id, 'last');
    } else if (event.key === 'Escape' && openId === id) {
      // Escape closes one thing at a time: this dropdown now, the mobile menu on the next press.
      event.stopPropagation();
      setOpenId(null);
    }
  };

  const onPanelKey = (event: KeyboardEvent<HTMLUListElement>, id: string) => {
    const links = panelLinks(id);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (to: number) => {
      event.preventDefault();
      links[(to + links.length) % links.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(links.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpenId(null);
      triggerOf(id)?.focus();
    }
  };

  const onHeaderKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && mobileOpen && openId === null) {
      setMobileOpen(false);
      toggle.current?.focus();
    }
  };

  const hover = (id: string | null) => {
    if (!desktop) return;
    clearTimeout(hoverTimer.current);
    // A short grace period lets the pointer cross the gap between trigger and panel.
    hoverTimer.current = setTimeout(
      () => {
        openedByHover.current = id !== null;
        setOpenId(id);
      },
      id ? 0 : 150,
    );
  };

  const onPressStart = (event: PointerEvent<HTMLButtonElement>, href: string) => {
    longPressed.current = false;
    if (event.pointerType !== 'touch') return;
    pressTimer.current = setTimeout(() => {
      longPressed.current = true;
      void navigate(href);
    }, timing.longPressMs);
  };
  const onPressEnd = () => clearTimeout(pressTimer.current);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the header closes the mobile menu (keys bubble from its controls).
    <header ref={header} className="site-header" data-hidden={hidden ? '' : undefined} onKeyDown={onHeaderKey}>
      <div className="container header-inner">
        <a className="brand" href="/" aria-label="Kestrel Point Consulting, home">
          <Logo />
          <span className="brand-name">Kestrel Point</span>
        </a>
        <a className="menu-toggle nojs-only" href="#site-footer">
          <Icon name="menu" size="sm" />
          <span>Menu</span>
        </a>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle js-only"
          aria-expanded={mobileOpen}
          aria-controls="site-nav"
          onClick={() => setMobileOpen((open) => !open)}
        >
          <Icon name={mobileOpen ? 'close' : 'menu'} size="sm" />
          <span>Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={mobileOpen ? '' : undefined}>
          <ul className="nav-list">
            {menus.map((menu) => {
              const open = openId === menu.id;
              const active = isActive(menu, current);
              return (
                <li
                  key={menu.id}
                  className="dropdown"
                  data-open={open ? '' : undefined}
                  onMouseEnter={() => hover(menu.id)}
                  onMouseLeave={() => hover(null)}
                >
                  <button
                    id={`trigger-${menu.id}`}
                    type="button"
                    className="dropdown-trigger"
                    aria-expanded={open}
                    aria-controls={`menu-${menu.id}`}
                    data-active={active ? '' : undefined}
                    onClick={() => {
                      if (longPressed.current) return;
                      clearTimeout(hoverTimer.current);
                      const pin = open && openedByHover.current;
                      openedByHover.current = false;
                      setOpenId(open && !pin ? null : menu.id);
                    }}
                    onKeyDown={(event) => onTriggerKey(event, menu.id)}
                    onPointerDown={(event) => onPressStart(event, menu.href)}
                    onPointerUp={onPressEnd}
                    onPointerLeave={onPressEnd}
                    onPointerCancel={onPressEnd}
                    onContextMenu={(event) => longPressed.current && event.preventDefault()}
                  >
                    {menu.label}
                    <Icon name="expand_more" size="xs" />
                  </button>
                  <ul id={`menu-${menu.id}`} className="dropdown-panel" onKeyDown={(event) => onPanelKey(event, menu.id)}>
                    <MenuLinks menu={menu} current={linksTo(menu, current) ? current : null} />
                  </ul>
                </li>
              );
            })}
          </ul>
          <a className="button button-primary contact-button" href={CONTACT} aria-current={current === CONTACT ? 'page' : undefined}>
            Contact
          </a>
        </nav>
      </div>
    </header>
  );
}
