import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fontsFingerprint, imageKey, rendererFingerprint, templateFingerprint } from '../../src/og/hash.ts';
import { ogSetup } from '../fixtures/og/setup.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-og-hash-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(work, name), text);
  return path.join(work, name);
};

describe('imageKey', () => {
  const base = { renderer: 'r', template: 't', fonts: 'f', props: { title: 'A', assets: { mark: 'data:image/svg+xml;base64,AAA' } } };

  it.each([
    ['the text', { props: { ...base.props, title: 'B' } }],
    ['a background or mark', { props: { ...base.props, assets: { mark: 'data:image/svg+xml;base64,AAB' } } }],
    ['the template', { template: 't2' }],
    ['the fonts', { fonts: 'f2' }],
    ['satori, resvg or the engine', { renderer: 'r2' }],
  ])('changes with %s', (_what, change) => {
    expect(imageKey({ ...base, ...change })).not.toBe(imageKey(base));
  });

  it('is the same for the same inputs', () => {
    expect(imageKey(structuredClone(base))).toBe(imageKey(base));
  });
});

describe('fingerprints', () => {
  it('of a template change when a file it imports changes, not when only its timestamp does', async () => {
    const colors = write('colors.ts', "export const INK = '#10213A';\n");
    const template = write(
      'Card.tsx',
      "import { INK } from './colors.ts';\nexport default function Card() { return <div style={{ color: INK }} />; }\n",
    );
    const before = await templateFingerprint(template);
    fs.utimesSync(colors, new Date(), new Date(Date.now() + 5000));
    expect(await templateFingerprint(template)).toBe(before);
    fs.writeFileSync(colors, "export const INK = '#000000';\n");
    expect(await templateFingerprint(template)).not.toBe(before);
  });

  it('of a template fail for one that does not compile', async () => {
    await expect(templateFingerprint(write('Broken.tsx', 'export default function ( {'))).rejects.toThrow();
  });

  it('of fonts change with a font’s bytes and with its declared weight', async () => {
    const fonts = ogSetup.fonts;
    const before = await fontsFingerprint(fonts);
    expect(await fontsFingerprint([{ ...fonts[0]!, weight: 700 }])).not.toBe(before);
    const copy = write('font.woff', 'not really a font');
    expect(await fontsFingerprint([{ ...fonts[0]!, file: copy }])).not.toBe(before);
    expect(await fontsFingerprint(fonts)).toBe(before);
  });

  it('of the renderer is stable within one install', () => {
    expect(rendererFingerprint()).toMatch(/^[\w-]{20}$/);
    expect(rendererFingerprint()).toBe(rendererFingerprint());
  });
});
