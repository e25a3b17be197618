import { describe, expect, it } from 'vitest';
import { firstHeading, firstParagraph } from '../../src/content/computed.ts';

describe('firstHeading', () => {
  it.each([
    ['# tar\n\n> Archiving utility.', 'tar'],
    ['Intro\n\n## Part\n\n# The *real* title #\n', 'The real title'],
    ['# C#\n', 'C#'],
    ['# ###\n', undefined],
    ['Title\n=====\n\nText', 'Title'],
    ['```md\n# not this\n```\n\n# This one', 'This one'],
    ['## Only a section\n\nText', undefined],
    ['#hashtag, not a heading', undefined],
    ['', undefined],
  ])('of %j is %j', (body, heading) => {
    expect(firstHeading(body)).toBe(heading);
  });
});

describe('firstParagraph', () => {
  it.each([
    [
      '# tar\n\n> Archiving utility.\n> Often combined with [gzip](https://gzip.org).\n> More information: <https://www.gnu.org/software/tar>.\n\n- Create an archive:',
      'Archiving utility. Often combined with gzip. More information: https://www.gnu.org/software/tar.',
    ],
    ['# Title\n\n```sh\ncode first\n```\n\nThe **first** words\nof the `page`.\n\nThe second.', 'The first words of the page.'],
    ['Title\n-----\n\n- a list\n- item\n\n| a | b |\n\n<div>html</div>\n\nAt last.', 'At last.'],
    ['# Only a heading', undefined],
  ])('of %j is %j', (body, paragraph) => {
    expect(firstParagraph(body)).toBe(paragraph);
  });
});

describe('on hostile input', () => {
  // Input on which a backtracking pattern takes minutes: the test's timeout would end it.
  it('reads a 200,000-character heading of spaces and a paragraph of brackets', () => {
    const long = `# ${' '.repeat(100_000)}x${' '.repeat(100_000)}#a\n\n${'['.repeat(200_000)}\n`;
    expect(firstHeading(long)).toMatch(/^x/);
    expect(firstParagraph(long)).toHaveLength(2_000);
  });
});
