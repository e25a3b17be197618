import fs from 'node:fs';
import path from 'node:path';
import { defaultAspectRatio } from '../tokens.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../content');
const cache = new Map<string, { width: number; height: number }>();

/**
 * The intrinsic size of an image under content/, so every <img> carries width and height and
 * nothing shifts as it loads. SVGs are read from their width/height (or viewBox) attributes.
 */
export function imageSize(urlPath: string): { width: number; height: number } {
  const known = cache.get(urlPath);
  if (known) return known;
  let size = { width: 1200, height: Math.round(1200 / defaultAspectRatio) };
  const file = path.join(CONTENT, urlPath);
  if (urlPath.endsWith('.svg') && fs.existsSync(file)) {
    const head = fs.readFileSync(file, 'utf8').slice(0, 2000);
    const svg = /<svg\b[^>]*>/s.exec(head)?.[0] ?? '';
    const width = Number(/\bwidth="([\d.]+)"/.exec(svg)?.[1]);
    const height = Number(/\bheight="([\d.]+)"/.exec(svg)?.[1]);
    const viewBox = /\bviewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(svg);
    if (width > 0 && height > 0) size = { width, height };
    else if (viewBox) size = { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  }
  cache.set(urlPath, size);
  return size;
}
