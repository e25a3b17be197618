/** Where the reader's choice of theme is kept between pages and visits. */
export const THEME_KEY = 'theme';

export type Theme = 'light' | 'dark';

/**
 * Run in the <head> before the page paints (src/Head.tsx), so a reader who chose a theme never
 * sees the other flash first. Without a choice, or without JavaScript, the page follows the
 * system setting. The build allows this one script by its hash in the Content-Security-Policy.
 */
export const APPLY_CHOSEN_THEME = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
