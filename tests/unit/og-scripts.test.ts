import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawImage } from '../../src/og/draw.ts';
import { latinOnlySetup, scriptsSetup } from '../fixtures/og/scripts-setup.ts';

/** A title in each script the social images must draw, with the language it is in. */
const TITLES = [
  { lang: 'ar', title: 'نقطة كستريل' },
  { lang: 'he', title: 'נקודת קסטרל' },
  { lang: 'zh-Hans-CN', title: '年度报告' },
  { lang: 'ja-JP', title: 'ケストレルの年報' },
  { lang: 'ko', title: '연례 보고서' },
  { lang: 'ru', title: 'Кестрел' },
  { lang: 'el', title: 'Κέστρελ' },
];

const draw = (title: string, lang?: string, setup = scriptsSetup) => drawImage(setup, { template: 'script', props: { title }, lang });

/** Per pixel column, how much ink it holds (0 white … 255 per black pixel), over the whole height. */
async function columns(png: Uint8Array): Promise<number[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const ink = new Array<number>(info.width).fill(0);
  for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) ink[x]! += 255 - data[y * info.width + x]!;
  return ink;
}

/** The lowest pixel row with ink. */
async function lowestInk(png: Uint8Array): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = info.height - 1; y >= 0; y--) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 128) return y;
  return -1;
}

/** The first and last column with ink. */
function inked(ink: number[]): [number, number] {
  return [ink.findIndex((value) => value > 0), ink.findLastIndex((value) => value > 0)];
}

/** How unlike `word`'s ink is to the columns of `line` that start at `from` (0: the same). */
function unlike(line: number[], from: number, word: number[]): number {
  const [start, end] = inked(word);
  let difference = 0;
  let total = 0;
  for (let x = start; x <= end; x++) {
    difference += Math.abs((line[from + x - start] ?? 0) - word[x]!);
    total += word[x]!;
  }
  return difference / total;
}

describe('social images in every script', () => {
  it.each(TITLES)('draws $lang with its locale fonts, and names each character no font has without them', async ({ lang, title }) => {
    const drawn = await draw(title, lang);
    expect(drawn.missing).toEqual([]);
    const latin = await draw(title, lang, latinOnlySetup);
    expect(latin.missing).toEqual([...new Set(Array.from(title.replaceAll(' ', '')))]);
    expect(latin.fonts).toEqual(['Inter']);
    expect(Buffer.compare(drawn.png, latin.png)).not.toBe(0);
  });

  it("picks the fonts of the language's longest key: ja-JP takes ja's; zh's font has 年 but no kana", async () => {
    expect((await draw('ケストレルの年報', 'ja-JP')).fonts.slice(0, 2)).toEqual(['Noto Sans JP 0', 'Noto Sans JP 1']);
    const chinese = await draw('ケストレルの年報', 'zh');
    expect(chinese.missing).toEqual(Array.from('ケストレルの報'));
    expect(chinese.fonts).toEqual(['Noto Sans SC 0', 'Inter', 'Inter cyrillic', 'Inter greek']);
    expect((await draw('ケストレル', undefined)).missing).toEqual(Array.from('ケストレル'));
  });

  it.each([
    { lang: 'ar', first: 'نقطة', title: 'نقطة كستريل' },
    { lang: 'he', first: 'נקודת', title: 'נקודת קסטרל' },
  ])('draws $lang right to left: the first word is the rightmost, even in a left-to-right box', async ({ lang, first, title }) => {
    const line = await columns((await draw(title, lang)).png);
    const word = await columns((await draw(first, lang)).png);
    const [start, end] = inked(line);
    const width = inked(word)[1] - inked(word)[0];
    expect(unlike(line, end - width, word)).toBeLessThan(0.1);
    expect(unlike(line, start, word)).toBeGreaterThan(0.5);
  });

  it('shapes Arabic: joined letters are drawn otherwise than the same letters kept apart', async () => {
    const joined = await draw('نقطة', 'ar');
    const apart = await draw(Array.from('نقطة').join('\u200c'), 'ar');
    expect(apart.missing).toEqual([]);
    expect(unlike(await columns(apart.png), inked(await columns(apart.png))[0], await columns(joined.png))).toBeGreaterThan(0.2);
  });

  it('keeps the Latin part left and the Arabic part right in "Kestrel Point — نقطة" (bidi order)', async () => {
    const line = await columns((await draw('Kestrel Point — نقطة', 'ar')).png);
    const latin = await columns((await draw('Kestrel Point', 'ar')).png);
    expect(unlike(line, inked(line)[0], latin)).toBeLessThan(0.1);
    const arabic = await columns((await draw('نقطة', 'ar')).png);
    const width = inked(arabic)[1] - inked(arabic)[0];
    expect(unlike(line, inked(line)[1] - width, arabic)).toBeLessThan(0.1);
  });

  it("places marks where the font's anchors put them: the dots of a final yeh are below it", async () => {
    // ي is ى (the same letter without dots) with two dots that the font positions below (GPOS);
    // drawn upwards instead, they would sit inside the letter and its lowest ink be the same.
    const dotted = await lowestInk((await draw('في', 'ar')).png);
    const dotless = await lowestInk((await draw('فى', 'ar')).png);
    expect(dotted - dotless).toBeGreaterThan(10);
  });
});
