import { useEffect, useState } from 'react';
import { THEME_KEY, type Theme } from '../theme.ts';

/** The theme the page shows now: the reader's choice, else the system setting. */
function shownTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Switches between the light and dark theme, and remembers the choice. Code blocks follow it
 * (`markdown.shiki.darkSelector` in site.config.tsx). Drawn at build time, so it is in place when the
 * page first paints (a press before hydration is replayed to it); the stylesheet hides it where
 * JavaScript is off, since the page then follows the system setting and it could do nothing. Its
 * label is in the page's language (`t('theme.dark')` in src/Layout.tsx).
 */
export default function ThemeToggle({ label }: { label: string }) {
  const [theme, setTheme] = useState<Theme | undefined>(undefined);
  useEffect(() => setTheme(shownTheme()), []);
  const toggle = () => {
    const next: Theme = shownTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Storage refused (private mode, a full quota): the choice holds for this page only.
    }
    setTheme(next);
  };
  return (
    <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={toggle}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" fill="currentColor" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
