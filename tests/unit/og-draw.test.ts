import { describe, expect, it } from 'vitest';
import { drawImage } from '../../src/og/draw.ts';
import { ogSetup } from '../fixtures/og/setup.ts';
import { pngSize } from '../helpers/images.ts';

describe('drawImage', () => {
  it('draws one image to a 1200×630 PNG, on the calling thread, with no pool or cache', async () => {
    const { png } = await drawImage(ogSetup, { template: 'plain', props: { title: 'One page' } });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // Another title, other pixels: the image is drawn from its props.
    const { png: other } = await drawImage(ogSetup, { template: 'plain', props: { title: 'Another page' } });
    expect(Buffer.compare(png, other)).not.toBe(0);
  });

  it('rejects with the error a template throws', async () => {
    await expect(drawImage(ogSetup, { template: 'failing', props: { title: 'Broken' } })).rejects.toThrow('cannot draw "Broken"');
  });
});
