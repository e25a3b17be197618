import { describe, expect, it } from 'vitest';
import { checkSvg } from '../../src/safety/svg-safety.ts';

// Issue 39, lesser point 7: CSS in an SVG of the content folder could load files from another
// origin (`@import`, `url()` in `fill`, `mask` and `style`, `@font-face`, CSS escapes), though
// docs/security.md says any reference to another origin fails the build.

const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"';
/** `line  field  actual` of each finding in an SVG whose root element is on line 1 and body starts on line 2. */
const findings = (body: string) =>
  checkSvg('/content/x.svg', `<svg ${SVG}>\n${body}\n</svg>`).map((d) => `${d.line}  ${d.field}  ${d.actual ?? ''}`);

describe('CSS in an SVG loads nothing from another origin', () => {
  it.each([
    ['a url() in fill', '<rect fill="url(https://evil.example/p.svg#g)"/>', ['2  <rect fill>  "https://evil.example/p.svg#g"']],
    ['a url() in mask', '<rect mask="url(\'//evil.example/m.svg#m\')"/>', ['2  <rect mask>  "//evil.example/m.svg#m"']],
    [
      'a url() in filter, upper case',
      '<rect filter="URL( &quot;http://evil.example/f#f&quot; )"/>',
      ['2  <rect filter>  "http://evil.example/f#f"'],
    ],
    [
      'a url() in a style attribute',
      '<rect style="fill: red; background-image: url(https://evil.example/t.png)"/>',
      ['2  <rect style>  "https://evil.example/t.png"'],
    ],
    [
      'an @import in a style attribute',
      '<rect style="@import \'https://evil.example/a.css\'"/>',
      ['2  <rect style>  "https://evil.example/a.css"'],
    ],
    [
      'an escaped url: \\75 rl(',
      '<rect style="background: \\75 rl(https://evil.example/e.png)"/>',
      ['2  <rect style>  "https://evil.example/e.png"'],
    ],
    [
      'an escaped url: u\\rl(',
      '<rect style="background: u\\rl(https://evil.example/e.png)"/>',
      ['2  <rect style>  "https://evil.example/e.png"'],
    ],
    ['an escape inside the URL', '<rect fill="url(htt\\70s://evil.example/x#a)"/>', ['2  <rect fill>  "https://evil.example/x#a"']],
    ['a backslash for a slash', '<rect fill="url(\'\\\\\\\\evil.example/x#a\')"/>', ['2  <rect fill>  "\\\\\\\\evil.example/x#a"']],
    ['a backslash for a slash in an href', '<use href="\\\\evil.example/s.svg#a"/>', ['2  <use href>  "\\\\\\\\evil.example/s.svg#a"']],
    [
      'image-set() strings',
      '<rect style="background: image-set(&quot;https://evil.example/1.png&quot; 1x)"/>',
      ['2  <rect style>  "https://evil.example/1.png"'],
    ],
    ['a javascript: url()', '<rect style="background: url(javascript:alert(1))"/>', ['2  <rect style>  "javascript:alert(1"']],
  ])('refuses %s', (_, body, expected) => {
    expect(findings(body)).toEqual(expected);
  });

  it('refuses every reference of a <style> element at its own line', () => {
    const style = [
      '<style>',
      '@import url("https://evil.example/a.css");',
      '@import/**/"https://evil.example/b.css" screen;',
      '@font-face { font-family: F; src: url(https://evil.example/f.woff2) format("woff2"), local(F); }',
      'rect { fill: \\75 rl(https://evil.example/p#g); mask: u\\rl("//evil.example/m#m") }',
      'circle { fill: url(&#x68;ttps://evil.example/r#r) }',
      '</style>',
    ].join('\n');
    expect(findings(style).map((finding) => finding.replace(/  ".*/, ''))).toEqual([
      '3  <style>',
      '4  <style>',
      '5  <style>',
      '6  <style>',
      '6  <style>',
      '7  <style>',
    ]);
    expect(checkSvg('/content/x.svg', `<svg ${SVG}>\n${style}\n</svg>`)[0]).toMatchObject({ code: 'unsafe-svg', severity: 'error' });
  });

  it('refuses a <style> written with a prefix or in CDATA', () => {
    expect(
      findings('<svg:style xmlns:svg="http://www.w3.org/2000/svg"><![CDATA[\n@import "https://evil.example/c.css";\n]]></svg:style>'),
    ).toEqual(['3  <style>  "https://evil.example/c.css"']);
  });

  it('reads each character once, however many <style> elements are left open', () => {
    const open = '<style>'.repeat(2000);
    expect(findings(`${open}@import "https://evil.example/a.css";`)).toEqual(['2  <style>  "https://evil.example/a.css"']);
  });

  it('passes what loads nothing from elsewhere', () => {
    const body = [
      '<style>@namespace svg url(http://www.w3.org/2000/svg); rect { fill: url(#g); stroke: url("/images/p.svg#s") }',
      '@font-face { font-family: F; src: url(fonts/f.woff2) format("woff2") } text { font-family: "https://not-a-url" }</style>',
      '<rect fill="url(#g)" style="mask: url(#m); background: url(data:image/png;base64,iVBORw0KGgo=)"/>',
      '<rect style="fill: rgb(1, 2, 3); transform: rotate(45deg)" clip-path="url(\'#c\')"/>',
      '<text>url(https://example.org) as words</text>',
    ].join('\n');
    expect(findings(body)).toEqual([]);
  });
});
