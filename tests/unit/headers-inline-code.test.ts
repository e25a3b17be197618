import { describe, expect, it } from 'vitest';
import { findInlineCode, hashOf } from '../../src/security/inline-code.ts';

const page = (body: string, path = 'index.html') => ({
  path,
  contents: `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`,
});

describe('findInlineCode', () => {
  it('hashes an inline script as browsers do (sha256 of its exact text, base64)', () => {
    // Reference value from `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`.
    expect(findInlineCode([page('<script>alert(1)</script>')]).scripts).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    expect(hashOf('body{color:red}')).toBe("'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='");
  });

  it('hashes every kind of script a browser runs or reads under script-src, and style elements', () => {
    const found = findInlineCode([
      page(
        '<script type="module">a()</script><script type="text/javascript">b()</script><script type="importmap">{"imports":{}}</script><style>body{color:red}</style>',
      ),
    ]);
    expect(found.scripts).toEqual([hashOf('a()'), hashOf('b()'), hashOf('{"imports":{}}')].sort());
    expect(found.styles).toEqual(["'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='"]);
  });

  it('leaves out data blocks (JSON-LD) and external scripts, which the CSP never treats as inline code', () => {
    const found = findInlineCode([
      page(
        '<script type="application/ld+json">{"@context":"https://schema.org"}</script><script type="module" src="/assets/client.js"></script><script type="application/json">{}</script>',
      ),
    ]);
    expect(found).toEqual({ scripts: [], styles: [], blocked: [] });
  });

  it('counts one script once however many pages hold it', () => {
    expect(
      findInlineCode([page('<script>x()</script>', 'a/index.html'), page('<script>x()</script>', 'b/index.html')]).scripts,
    ).toHaveLength(1);
  });

  it('reports what no hash can allow: style attributes, event handlers and javascript: URLs, with the page', () => {
    const found = findInlineCode([
      page(
        '<section class="hero" style="color:red"></section><button onclick="go()">Go</button><a href=" JavaScript:void(0)">x</a><svg><a xlink:href="javascript:x()"></a></svg>',
        'about/index.html',
      ),
    ]);
    expect(found.blocked.map((b) => [b.page, b.element, b.attribute])).toEqual([
      ['about/index.html', '<section class="hero">', 'style'],
      ['about/index.html', '<button>', 'onclick'],
      ['about/index.html', '<a>', 'href'],
      ['about/index.html', '<a>', 'xlink:href'],
    ]);
  });

  it('looks inside <template> content too', () => {
    expect(findInlineCode([page('<template><script>t()</script></template>')]).scripts).toEqual([hashOf('t()')]);
  });

  it.each([
    ['a script whose attributes merely mention src', '<script data-note=" src=">alert(1)</script>'],
    ['an uppercase script tag', '<SCRIPT>alert(1)</SCRIPT>'],
    ['an inline script right after an external one', '<script type="module" src="/a.js"></script><script>alert(1)</script>'],
  ])('is not fooled by %s', (_, html) => {
    const found = findInlineCode([page(html)]);
    expect(found.scripts.length + found.blocked.length, html).toBeGreaterThan(0);
  });

  it('ignores text that only looks like code', () => {
    expect(findInlineCode([page('<p>Set style=&quot;x&quot; and read about javascript: the language.</p>')])).toEqual({
      scripts: [],
      styles: [],
      blocked: [],
    });
  });
});
