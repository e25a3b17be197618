/** A size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

const ROOT = /<svg\b[^>]*>/s;

/**
 * The intrinsic size of an SVG from its root element: `width` and `height` when both are plain
 * lengths (`160`, `160px`), else the `viewBox`'s. Undefined when it has neither, or the root is
 * not `<svg>` at all. Percentages and relative units say nothing about the intrinsic size, so
 * they fall through to the viewBox.
 */
export function svgSize(text: string): Size | undefined {
  const root = ROOT.exec(text)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 's').exec(root)?.[2]?.trim();
  const width = pixels(attribute('width'));
  const height = pixels(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  return undefined;
}

function pixels(value: string | undefined): number | undefined {
  const match = value ? /^(\d+(?:\.\d+)?)(px)?$/.exec(value) : null;
  const number = match ? Number(match[1]) : NaN;
  return number > 0 ? number : undefined;
}
