import fs from 'node:fs/promises';
import { createElement, type ComponentType } from 'react';
import type { Font } from 'satori';
import { importSiteCode } from '../site/code.ts';
import { OG_SIZE, type OgFont } from '../site/social-images.ts';
import { fontsForLang } from './locale-fonts.ts';
import { fixSatoriMarks } from './satori-marks.ts';
import { phrase } from '../diagnostics/catalogue/index.ts';

/** What a drawer needs once: the template modules and the fonts. Plain data, so a worker thread can receive it. */
export interface DrawerSetup {
  /** The project folder, whose cache holds the templates' bundles. */
  root: string;
  /** Template modules by name (absolute paths), each default-exporting a component. */
  templates: Record<string, string>;
  fonts: OgFont[];
  /** `SocialImages.localeFonts`: more fonts for images in some languages. */
  localeFonts?: Record<string, OgFont[]>;
}

/** One image to draw: which template, with which props (assets already `data:` URLs). */
export interface DrawTask {
  template: string;
  props: Record<string, unknown>;
  /** The language of its text (BCP 47), which picks the `localeFonts` it is drawn with. */
  lang?: string;
}

/** A drawn image, and the characters it shows that no font it was drawn with has. */
export interface DrawnImage {
  png: Uint8Array;
  /** Each grapheme no font had (drawn as an empty box), once, in the order satori met them. */
  missing: string[];
  /** The font names tried for them, in fallback order. */
  fonts: string[];
}

/**
 * Draws one image to a 1200×630 PNG with the templates and fonts of `setup`, loaded on first use
 * and kept for the next image of the same setup.
 */
export async function drawImage(setup: DrawerSetup, task: DrawTask): Promise<DrawnImage> {
  return (await drawerFor(setup))(task);
}

const drawers = new Map<string, Promise<Draw>>();

/** The drawer of `setup`, made once (see `createDrawer`); it rejects when the templates or fonts cannot be loaded. */
export function drawerFor(setup: DrawerSetup): Promise<Draw> {
  const key = JSON.stringify(setup);
  let drawer = drawers.get(key);
  if (!drawer) drawers.set(key, (drawer = createDrawer(setup)));
  return drawer;
}

/** Draws one image to PNG bytes. */
export type Draw = (task: DrawTask) => Promise<DrawnImage>;

type Template = ComponentType<Record<string, unknown>>;

/**
 * Loads the fonts and every template, then returns a function drawing a template to a 1200×630
 * PNG: satori lays the component out to SVG with the text as paths, and resvg rasterises it.
 * Templates load up front so that a thread unable to import them fails at once, before any task.
 * Each language's font list is one array for the drawer's life because satori caches parsed fonts
 * by it; a font file is read once, whichever lists hold it.
 */
export async function createDrawer(setup: DrawerSetup): Promise<Draw> {
  // Loaded here, by the first drawer, not with the module: a build without social images never
  // pays for satori and resvg (about a fifth of the start-up of a small site's build).
  fixSatoriMarks();
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const files = new Map<string, Promise<Buffer>>();
  const read = (file: string) => files.get(file) ?? files.set(file, fs.readFile(file)).get(file)!;
  const load = (list: readonly OgFont[]): Promise<Font[]> =>
    Promise.all(
      list.map(async (font) => ({
        name: font.name,
        weight: font.weight ?? 400,
        style: font.style ?? 'normal',
        data: await read(font.file),
      })),
    );
  const fontLists = new Map<string, { fonts: Font[]; names: string[] }>();
  for (const key of ['', ...Object.keys(setup.localeFonts ?? {})]) {
    const { fonts } = fontsForLang(key || undefined, setup.fonts, setup.localeFonts);
    fontLists.set(key, { fonts: await load(fonts), names: [...new Set(fonts.map((font) => font.name))] });
  }
  const templates = new Map<string, Template>();
  for (const [name, file] of Object.entries(setup.templates)) {
    const { module } = (await importSiteCode(file, setup.root)) as { module: { default?: Template } };
    if (typeof module.default !== 'function') throw new Error(phrase('og-template-export', { file }));
    templates.set(name, module.default);
  }
  return async ({ template, props, lang }) => {
    const Template = templates.get(template);
    if (!Template)
      throw new Error(
        templates.size
          ? phrase('og-template-unknown', { template, names: [...templates.keys()].join(', ') })
          : phrase('og-template-none', { template }),
      );
    const { fonts, names } = fontLists.get(fontsForLang(lang, setup.fonts, setup.localeFonts).key)!;
    // Satori asks for more fonts with the graphemes no font has (each once per image, its own
    // check being one lookup per grapheme); none is given, so they are the ones drawn as boxes.
    const missing = new Set<string>();
    const loadAdditionalAsset = async (_language: string, segment: string) => {
      for (const grapheme of graphemes(segment)) missing.add(grapheme);
      return [];
    };
    const svg = await satori(createElement(Template, props), { ...OG_SIZE, fonts, loadAdditionalAsset });
    const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), missing: [...missing], fonts: names };
  };
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}
