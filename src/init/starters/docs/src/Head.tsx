import { APPLY_CHOSEN_THEME } from './theme.ts';

/** Added to every page's <head>: the chosen theme, applied before anything is drawn. */
export function Head() {
  return <script dangerouslySetInnerHTML={{ __html: APPLY_CHOSEN_THEME }} />;
}
