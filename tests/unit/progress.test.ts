import { describe, expect, it } from 'vitest';
import { formatProgress, progressBar } from '../../src/cli/progress.ts';

describe('formatProgress', () => {
  it.each([
    [0, 95, 'Drawing [░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░]  0/95'],
    [48, 95, 'Drawing [███████████████░░░░░░░░░░░░░░░] 48/95'],
    [95, 95, 'Drawing [██████████████████████████████] 95/95'],
    [1, 1, 'Drawing [██████████████████████████████] 1/1'],
  ])('%i of %i', (done, total, expected) => {
    expect(formatProgress('Drawing', done, total)).toBe(expected);
  });
});

describe('progressBar', () => {
  it('writes nothing where the stream is not a terminal', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const bar = progressBar('Drawing', stream);
    bar.update(1, 2);
    bar.clear();
    expect(written).toEqual([]);
  });

  it('redraws in place on a terminal and clears its line at the end', () => {
    const written: string[] = [];
    const stream = { isTTY: true, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const bar = progressBar('Drawing', stream);
    bar.update(1, 2);
    bar.clear();
    expect(written).toEqual([`\r${formatProgress('Drawing', 1, 2)}`, '\r\x1b[2K']);
  });
});
