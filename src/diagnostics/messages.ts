/**
 * The catalogue of diagnostic codes. Codes are permanent: tests, docs and editors refer to them.
 * Each entry says what went wrong in words an author can act on.
 */
export const messages = {
  'yaml-syntax': 'The front matter is not valid YAML.',
  'missing-front-matter': 'The file has no front matter.',
  'missing-field': 'is required.',
  'invalid-type': 'has the wrong type.',
  'invalid-value': 'is not one of the allowed values.',
  'invalid-format': 'is not in the expected format.',
  'invalid-date': 'is not a real calendar date.',
  'too-small': 'is too small or too short.',
  'too-big': 'is too large or too long.',
  'unknown-field': 'is not a known field.',
  'missing-image': 'names an image that does not exist.',
  'unknown-reference': 'refers to a page that does not exist.',
  'invalid-content': 'is not valid.',
  'duplicate-url': 'Two or more files produce the same URL.',
  'no-collection': 'The file belongs to no collection.',
  'unknown-template': 'The page names a template the site does not define.',
  'invalid-route': 'A page the site derives from its content has no clean URL, title or description.',
  'routes-failed': "The site's routes() threw while deriving pages from the content.",
  'render-failed': 'A template threw while rendering the page.',
  'undeclared-island': "A template renders an Island whose name is not among the site's islands, so it would never hydrate.",
  'heading-count': 'A page must have exactly one h1.',
  'asset-build-failed': 'The client code or a stylesheet failed to build.',
  'og-image-invalid': 'A social preview image names a file or template that does not exist.',
  'og-image-failed': 'A social preview image could not be drawn.',
  'invalid-image': 'An image file cannot be read, decoded or measured.',
  'unsafe-content': 'Content contains a script or an event handler, which would run code on the page.',
  'unsafe-url': 'A link or image URL would run code (javascript:, vbscript:, data:text/html).',
  'broken-link': 'A link points at no page or file of the site.',
  'missing-alt': 'An image in Markdown or its raw HTML has no alt text.',
  'trailing-slash': "A link names a page with a trailing slash on a site whose URLs have none, or without one on a site whose URLs end in one.",
  'broken-anchor': 'A link points at an id that does not exist on its page.',
  'invalid-file-name': "A content file's name makes a URL that cannot lead back to its page.",
  'csp-blocked-inline': 'A page holds a style attribute, an event handler or a javascript: URL, which the Content-Security-Policy blocks.',
  'invalid-security': "The site's security settings are malformed or would weaken the Content-Security-Policy.",
  'unknown-stylesheet': 'A template names a stylesheet the site does not define.',
  'unknown-collection': 'A feed names a collection the site does not define.',
  'missing-path': 'The site definition names a file or folder that does not exist.',
  'missing-not-found-page': "The site's notFound names no page of the site.",
  'invalid-site-code': "The site's code cannot be bundled, or threw as it loaded.",
  'workers-unavailable': 'No worker thread could load the site, so the main thread rendered every page: the same output, more slowly.',
} as const;

/** A permanent, kebab-case diagnostic code. */
export type MessageCode = keyof typeof messages;
