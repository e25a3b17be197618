import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { checkSvg } from '../../src/safety/svg-safety.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"';
/** `line  field` of each finding in an SVG whose root element is on line 1. */
const findings = (body: string) => checkSvg('/x.svg', `<svg ${SVG}>\n${body}\n</svg>`).map((d) => `${d.line}  ${d.field}`);

describe('SVG of the content folder', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>', ['2  <script>']],
    [
      'a script written with a namespace prefix',
      '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
      ['2  <svg:script>'],
    ],
    ['an XHTML script', '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>', ['2  <h:script>', '2  <h:script xmlns:h>']],
    ['an event handler', '<rect width="1" height="1" onclick="alert(1)"/>', ['2  <rect onclick>']],
    ['an event handler in any case', '<g\n  ONLOAD="alert(1)"></g>', ['2  <g ONLOAD>']],
    [
      'a javascript: link, however encoded',
      '<a href="jav&#x61;script:alert(1)"><text>x</text></a>\n<a xlink:href=" JavaScript:alert(2)">y</a>',
      ['2  <a href>', '3  <a xlink:href>'],
    ],
    [
      'a javascript: URL among animation values',
      '<a><animate attributeName="href" values="https://example.org;javascript:alert(1)"/></a>',
      ['2  <animate values>'],
    ],
    ['a set to javascript:', '<a><set attributeName="href" to="javascript:alert(1)"/></a>', ['2  <set to>']],
    ['an animated event handler', '<set attributeName="onmouseover" to="alert(1)"/>', ['2  <set attributeName>']],
    [
      'a foreignObject holding a page',
      '<foreignObject><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject>',
      ['2  <foreignObject>', '2  <iframe>'],
    ],
    ['a data: page', '<image href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>', ['2  <image href>']],
    [
      'a reference to another origin',
      '<use href="https://evil.example/sprite.svg#a"/>\n<image xlink:href="//evil.example/x.png"/>',
      ['2  <use href>', '3  <image xlink:href>'],
    ],
  ])('refuses %s at its line', (_, body, expected) => {
    expect(findings(body)).toEqual(expected);
  });

  it('refuses entity declarations and stylesheet instructions, which hide or transform markup', () => {
    const text = `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<!DOCTYPE svg [<!ENTITY s "&#60;script&#62;alert(1)&#60;/script&#62;">]>\n<svg ${SVG}>&s;</svg>`;
    expect(checkSvg('/x.svg', text).map((d) => `${d.line}  ${d.field}  [${d.code}]`)).toEqual([
      '2  <?…?>  [unsafe-svg]',
      '3  <!DOCTYPE>  [unsafe-svg]',
    ]);
  });

  it('passes a picture: links, local references, inline pictures, styles, and words about scripts', () => {
    const body = [
      '<!-- <script>alert(1)</script> is only a comment -->',
      '<title>javascript: a history</title><style><![CDATA[ rect { fill: url(#g) } ]]></style>',
      '<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>',
      '<a href="https://example.org/about"><use xlink:href="#g"/></a>',
      '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><image href="/images/a.png"/>',
      '<animate attributeName="opacity" values="0;1" dur="1s"/>',
    ].join('\n');
    expect(findings(body)).toEqual([]);
  });

  it('passes every SVG of the firm’s content', () => {
    const files = fg.sync('content/**/*.svg', { absolute: true });
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(checkSvg(file, fs.readFileSync(file, 'utf8')), path.basename(file)).toEqual([]);
  });
});
