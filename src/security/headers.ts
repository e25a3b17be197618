import { buildCsp, serializeCsp, type CspSources, type InlineHashes } from './csp.ts';
import type { HeaderRule } from './headers-file.ts';

/** What a site may set about its security headers (`SiteDefinition.security`). */
export interface SecurityDefinition {
  /**
   * Extra Content-Security-Policy sources by directive, added to the engine's strict policy:
   * `{ 'img-src': ['https://images.example'] }`. Inline or wildcard script sources are refused.
   */
  csp?: CspSources;
  /**
   * Ask browsers to put the domain on their HSTS preload list (default false). Preloading is hard
   * to undo and binds every subdomain to HTTPS, so it is the domain owner's explicit choice.
   */
  hstsPreload?: boolean;
  /**
   * Send `Cross-Origin-Opener-Policy` (default: not sent). It keeps windows of other origins from
   * reaching this one, which matters to pages that hold a visitor's data. It also puts every
   * page in a browsing context group of its own, so arriving from another page costs a fresh
   * renderer context (on Android, where COOP turns on site isolation, a process of its own):
   * main-thread work before the first paint, measured in docs/security.md.
   */
  crossOriginOpenerPolicy?: 'same-origin' | 'same-origin-allow-popups';
}

/** Two years, the HSTS lifetime the preload list asks for; anything from one year grades the same. */
const HSTS_MAX_AGE = 63_072_000;

/**
 * Features the site never uses, denied to the page and to anything it embeds. Only names Chromium
 * 156 recognizes: an unknown name puts a warning in every visitor's console (the browser tests
 * check there is none, so a browser that drops a name is noticed).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'captured-surface-control',
  'compute-pressure',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'keyboard-map',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/** How long a response may be reused, by kind of file. */
export const CACHE_CONTROL = {
  /** Content-hashed files: a new version gets a new name, so the old one never changes. */
  immutable: 'public, max-age=31536000, immutable',
  /** Pages, feeds, sitemap, robots.txt: always ask the server (an ETag makes that cheap). */
  revalidate: 'no-cache',
  /** Images, icons and other files kept under a stable name: an hour, then ask again. */
  static: 'public, max-age=3600, must-revalidate',
} as const;

export type CacheClass = keyof typeof CACHE_CONTROL;

/** The security headers every response carries, in the order they are written. */
export function securityHeaders(security: SecurityDefinition = {}, hashes?: InlineHashes): Array<[string, string]> {
  const opener: Array<[string, string]> = security.crossOriginOpenerPolicy
    ? [['Cross-Origin-Opener-Policy', security.crossOriginOpenerPolicy]]
    : [];
  return [
    ['Content-Security-Policy', serializeCsp(buildCsp(security.csp, hashes))],
    ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE}; includeSubDomains${security.hstsPreload ? '; preload' : ''}`],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...opener,
    ['Permissions-Policy', DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ')],
  ];
}

/**
 * The policy an SVG file is served with, besides the site's: opened on its own, an SVG is a
 * document, and `sandbox` (without `allow-scripts`) with `script-src 'none'` keeps any script in it
 * from running, on top of the checks content SVGs pass (docs/security.md). Both policies apply
 * (a header named by two rules is sent with both values, which browsers enforce each), so this one
 * only takes away; pictures, fonts and inline styles the SVG draws with stay allowed.
 */
export const SVG_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; script-src 'none'; sandbox";

/** One rule per SVG file of the output, at its exact path (the one pattern every host that reads `_headers` matches alike). */
export function svgRules(paths: readonly string[]): HeaderRule[] {
  return paths
    .filter((path) => /\.svg$/i.test(path))
    .sort()
    .map((path) => ({ pattern: `/${path}`, headers: [['Content-Security-Policy', SVG_POLICY]] }));
}

/** The cache class of one output file: content-hashed names are immutable, documents revalidate, the rest keep an hour. */
export function cacheClassOf(path: string, hashed: ReadonlySet<string>): CacheClass {
  if (hashed.has(path)) return 'immutable';
  return /\.(html|xml|txt|json|webmanifest)$/.test(path) ? 'revalidate' : 'static';
}

/**
 * Cache-Control rules covering every output file without two rules ever matching one path:
 * a folder whose files all share a class gets one `/folder/*` rule (and `/folder`, its clean URL),
 * a mixed folder is split into its files and subfolders. Pages are matched at their clean URLs.
 */
export function cacheRules(paths: readonly string[], hashed: ReadonlySet<string>): HeaderRule[] {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const path of [...paths].sort()) {
    const parts = path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { files: new Map(), folders: new Map() }));
      folder = next;
    }
    folder.files.set(parts.at(-1)!, cacheClassOf(path, hashed));
  }
  const rules: HeaderRule[] = [];
  // A page at /404/ and a file 404.html both answer /404: one rule, or hosts would send the header twice.
  const named = new Set<string>();
  const rule = (pattern: string, cache: CacheClass) => {
    if (!named.has(pattern)) rules.push({ pattern, headers: [['Cache-Control', CACHE_CONTROL[cache]]] });
    named.add(pattern);
  };
  const visit = (folder: Folder, url: string) => {
    const classes = classesIn(folder);
    if (url && classes.size === 1) {
      const [cache] = classes as Set<CacheClass>;
      if (folder.files.has('index.html')) rule(url, cache!);
      rule(`${url}/*`, cache!);
      return;
    }
    for (const [name, cache] of folder.files) {
      if (name === 'index.html') {
        rule(url || '/', cache);
        if (url) rule(`${url}/`, cache);
      }
      rule(`${url}/${name}`, cache);
      // Static hosts also answer a page file at its name without ".html".
      if (name !== 'index.html' && name.endsWith('.html')) rule(`${url}/${name.slice(0, -5)}`, cache);
    }
    for (const [name, child] of folder.folders) visit(child, `${url}/${name}`);
  };
  visit(root, '');
  return rules;
}

interface Folder {
  files: Map<string, CacheClass>;
  folders: Map<string, Folder>;
}

function classesIn(folder: Folder, into = new Set<CacheClass>()): Set<CacheClass> {
  for (const cache of folder.files.values()) into.add(cache);
  for (const child of folder.folders.values()) classesIn(child, into);
  return into;
}
