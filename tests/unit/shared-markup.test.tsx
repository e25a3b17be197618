import { createContext, memo, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from '../../src/render/island.ts';
import { createSharedMarkup, plainJson, SharedMarkupProvider } from '../../src/render/shared-markup.ts';

// This file's JSX is compiled as a site's code is (vitest.config.ts: the engine's JSX runtime).

let footerRenders = 0;
const Footer = memo(function Footer({ year }: { year: number }) {
  footerRenders++;
  return (
    <footer>
      <img src="/logo.svg" alt="" width={10} height={10} />© {year}
    </footer>
  );
});

let counterRenders = 0;
function Counter({ start }: { start: number }) {
  counterRenders++;
  return <button type="button">Count {start}</button>;
}

const Theme = createContext('plain');
const Themed = memo(function Themed({ label }: { label: string }) {
  return (
    <span>
      {label} {useContext(Theme)}
    </span>
  );
});

function Page({ path, year }: { path: string; year: number }) {
  return (
    <>
      <h1>{path}</h1>
      <Footer year={year} />
      <Island name="Counter" component={Counter} props={{ start: path.length }} />
    </>
  );
}

/** Renders pages the way the engine does: inside the build's shared markup, then filled in. */
function renderPages(paths: string[], year = 2026) {
  const shared = createSharedMarkup((node) => node);
  return paths.map((path) =>
    shared.fill(renderToString(<SharedMarkupProvider value={shared}>{<Page path={path} year={year} />}</SharedMarkupProvider>)),
  );
}

describe('markup shared between the pages of a build', () => {
  it('renders a memo component once per build for the same props, and each page holds what rendering it in place gives (but the image preload)', () => {
    footerRenders = 0;
    const pages = renderPages(['/a', '/b', '/c']);
    expect(footerRenders).toBe(1);
    for (const [i, path] of ['/a', '/b', '/c'].entries()) {
      const inPlace = renderToString(<Page path={path} year={2026} />);
      expect(inPlace).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
      expect(pages[i]).toBe(inPlace.replace('<link rel="preload" as="image" href="/logo.svg"/>', ''));
    }
  });

  it('renders it again for other props, and in place outside a build', () => {
    footerRenders = 0;
    const [y2026, y2027] = [renderPages(['/a'], 2026)[0], renderPages(['/a'], 2027)[0]];
    expect(y2026).toContain('© <!-- -->2026');
    expect(y2027).toContain('© <!-- -->2027');
    expect(footerRenders).toBe(2);
    renderToString(<Page path="/x" year={2026} />);
    renderToString(<Page path="/x" year={2026} />);
    expect(footerRenders).toBe(4);
  });

  it('renders each island once for each distinct set of props', () => {
    counterRenders = 0;
    const pages = renderPages(['/a', '/b', '/cc', '/dd', '/eee']);
    expect(counterRenders).toBe(3);
    expect(pages[0]).toContain(
      '<div data-island="Counter" data-props="{&quot;start&quot;:2}"><button type="button">Count <!-- -->2</button></div>',
    );
  });

  it('renders a memo component on its own: it does not see a context the page provides', () => {
    const shared = createSharedMarkup((node) => node);
    const html = shared.fill(
      renderToString(
        <SharedMarkupProvider value={shared}>
          <Theme value="dark">
            <Themed label="theme:" />
          </Theme>
        </SharedMarkupProvider>,
      ),
    );
    expect(html).toBe('<span>theme:<!-- --> <!-- -->plain</span>');
  });

  it('shares only props of plain data', () => {
    expect(plainJson({ a: [1, 'two', null, { b: true }], c: undefined })).toBe('{"a":[1,"two",null,{"b":true}]}');
    expect(plainJson({ onClick: () => {} })).toBeUndefined();
    expect(plainJson({ when: new Date(0) })).toBeUndefined();
    expect(plainJson({ n: Number.NaN })).toBeUndefined();
  });
});
