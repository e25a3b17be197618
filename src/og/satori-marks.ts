import module, { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Satori 0.63 draws each glyph HarfBuzz shaped at `top + dy`, but HarfBuzz's `dy` points up and
 * SVG's y down: every mark a font positions vertically (the dots of a final ي, the dot of a final
 * ن, Hebrew points) lands mirrored about its base, above where it belongs. The one expression in
 * its bundle is `z=c+Y.dy*b`, its upstream source `cursorY + shapedGlyph.dy * scale`
 * (vercel/satori src/font.ts). Until a release fixes it, the drawer loads satori (pinned to that release in package.json) with that sign
 * turned. Latin text without combining marks has no such offsets, so its images are unchanged;
 * tests/unit/og-scripts.test.ts ("places marks…") fails when the fix no longer applies.
 */
const WRONG = 'z=c+Y.dy*b';
const RIGHT = 'z=c-Y.dy*b';

let installed = false;

/** Turns the sign when satori's bundles load in this thread (module hooks are per thread); from then on, idempotent. */
export function fixSatoriMarks(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('satori'));
  const bundles = new Set(['index.js', 'index.cjs'].map((name) => pathToFileURL(path.join(dist, name)).href));
  module.registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      if (!bundles.has(url) || loaded.source === undefined) return loaded;
      const source = String(loaded.source);
      // Exactly once, or it is another release: leave it as it is (the test says so).
      if (source.indexOf(WRONG) === -1 || source.indexOf(WRONG) !== source.lastIndexOf(WRONG)) return loaded;
      return { ...loaded, source: source.replace(WRONG, RIGHT) };
    },
  });
}
