import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { digest } from '../core/digest.ts';
import type { OgFont } from '../site/social-images.ts';

const require = createRequire(import.meta.url);

/**
 * Bump when the engine changes how it draws (size, rasteriser options, how props reach the
 * template), so every cached image is drawn again.
 */
const DRAWING_VERSION = 3;

/** The drawing code itself: the engine's drawing version and the satori and resvg releases. */
export function rendererFingerprint(): string {
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  return digest(String(DRAWING_VERSION), version('satori'), version('@resvg/resvg-js'));
}

/**
 * A template module and every project file it imports: the hash of its esbuild bundle, with
 * packages left out (their releases do not change between builds of one install). Hashing the
 * bundle rather than the one file catches an edit to a colour constant the template imports.
 */
export async function templateFingerprint(file: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    // Paths in the bundle's comments are relative to this, so moving the project redraws nothing.
    absWorkingDir: path.dirname(file),
    legalComments: 'none',
  });
  return digest(...result.outputFiles.map((output) => output.contents));
}

/** The fonts' bytes and how they are declared (a renamed weight draws differently). */
export async function fontsFingerprint(fonts: readonly OgFont[]): Promise<string> {
  const parts = await Promise.all(
    fonts.map(async (font) => [JSON.stringify([font.name, font.weight, font.style]), await fs.readFile(font.file)] as const),
  );
  return digest(...parts.flat());
}

/** What one drawn image depends on, each part already reduced to a fingerprint or plain data. */
export interface ImageInputs {
  renderer: string;
  template: string;
  /** The fonts the image is drawn with: its language's `localeFonts`, then the site's. */
  fonts: string;
  /** The language of its text, which picks those fonts. */
  lang?: string;
  /** The template's props with its assets as `data:` URLs, exactly as the template receives them. */
  props: unknown;
}

/** The cache key of one drawn image: equal keys draw equal pixels. */
export function imageKey(inputs: ImageInputs): string {
  return digest(inputs.renderer, inputs.template, inputs.fonts, inputs.lang ?? '', JSON.stringify(inputs.props));
}
