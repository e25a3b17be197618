/**
 * The design constants (templates/README.md, "Design tokens"). The CSS in styles/tokens.css
 * repeats them (media queries cannot read custom properties); a unit test keeps the two in step.
 */
export const breakpoints = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** The size scale, in pixels: icons, avatars, badges. */
export const sizes = { xs: 18, sm: 24, md: 32, lg: 38, xl: 46 } as const;

export const timing = {
  /** Resize events are debounced by this many milliseconds. */
  resizeDebounceMs: 16,
  /** Dropdowns and the mobile menu open and close over this long. */
  menuTransitionMs: 300,
  /** Holding a menu trigger this long on a touch screen opens its section page. */
  longPressMs: 300,
} as const;

/** The header hides on scrolling down only once the page has scrolled past this many pixels. */
export const headerRevealOffset = 250;

/** At most this many case studies and articles appear in their menus. */
export const menuLimits = { caseStudies: 10, blogs: 10 } as const;

/** Social images are this size; images default to about this aspect ratio. */
export const socialImage = { width: 1200, height: 630 } as const;
export const defaultAspectRatio = 16 / 9;
