import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parse, postprocess, preprocess } from 'micromark';
import type { Extension } from 'micromark-util-types';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '../../src/render/markdown.ts';
import { siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';
import { importUnpatched } from '../../scripts/bench/unpatched.ts';
import { markdownBody } from '../property/arbitraries.ts';
import { settings } from '../property/workspace.ts';

// micromark is patched (patches/) to combine a list of syntax extensions once, not on every parse.
// The build loads its `lib/`; Vitest, resolving the `development` condition, its `dev/`: both are patched.
const PATCH = 'patches/micromark+4.0.3.patch';
const parseModule = fileURLToPath(new URL('lib/parse.js', import.meta.resolve('micromark')));
const unpatched = await importUnpatched<{ parse: typeof parse }>(PATCH, parseModule);

/** The events micromark makes of a document, as text: what every later step reads. */
function events(parser: typeof parse, extensions: Extension[], document: string): string[] {
  return postprocess(parser({ extensions }).document().write(preprocess()(document, undefined, true))).map(
    ([kind, token]) => `${kind} ${token.type} ${token.start.offset}-${token.end.offset}`,
  );
}

/** The syntax extensions of the engine's Markdown processor, as remark-parse passes them on every parse. */
const engineExtensions = createProcessor().data('micromarkExtensions') as Extension[];

describe('the patched micromark', () => {
  it('parses the site and the bench corpus as the package does, each list of extensions reused', () => {
    for (const body of siteAndCorpusBodies()) {
      expect(events(parse, engineExtensions, body)).toEqual(events(unpatched.parse, engineExtensions, body));
      // Lists that come and go between parses of one processor's list.
      expect(events(parse, [], body)).toEqual(events(unpatched.parse, [], body));
    }
  });

  it('parses random Markdown as the package does, with and without extensions', () => {
    fc.assert(
      fc.property(markdownBody, fc.boolean(), (body, gfm) => {
        const extensions = gfm ? engineExtensions : [];
        try {
          expect(events(parse, extensions, body)).toEqual(events(unpatched.parse, extensions, body));
        } catch (error) {
          // Nesting deep enough to exhaust the stack fails in both.
          if (!(error instanceof RangeError)) throw error;
          expect(() => events(unpatched.parse, extensions, body)).toThrow(RangeError);
        }
      }),
      settings(30),
    );
  }, 120_000);

  it('combines the extensions of a processor once, however many documents it parses', () => {
    // Combining reads every hook of every extension: one read here is one combination.
    let combined = 0;
    const counted: Extension = {
      get text() {
        combined++;
        return {};
      },
    };
    const processor = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(function addCounted() {
        (this.data('micromarkExtensions') as Extension[]).push(counted);
      })
      .freeze();
    const bodies = siteAndCorpusBodies(5);
    for (const body of bodies) processor.parse(body);
    expect(bodies.length).toBeGreaterThan(10);
    expect(combined).toBe(1);
  });
});
