import { describe, expect, it } from 'vitest';
import { svgAlignment } from '../../templates/components/PageHero.tsx';

// The hero banner carries its position as one of nine alignments, because the CSP allows no style attribute.
describe('svgAlignment', () => {
  it.each([
    ['center', 'xMidYMid'],
    ['top', 'xMidYMin'],
    ['bottom', 'xMidYMax'],
    ['left', 'xMinYMid'],
    ['right', 'xMaxYMid'],
    ['left top', 'xMinYMin'],
    ['top left', 'xMinYMin'],
    ['bottom right', 'xMaxYMax'],
    ['center top', 'xMidYMin'],
    ['0% 100%', 'xMinYMax'],
    ['50% 50%', 'xMidYMid'],
    ['100%', 'xMaxYMid'],
    ['10% 90%', 'xMinYMax'],
    ['40% 60%', 'xMidYMid'],
    ['  Right  ', 'xMaxYMid'],
  ])('maps %j to %s', (position, alignment) => {
    expect(svgAlignment(position)).toBe(alignment);
  });
});
