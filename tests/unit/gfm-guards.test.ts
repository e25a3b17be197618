import type { Construct, Extension } from 'micromark-util-types';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { autolinkNeed } from '../../src/runner/fast-paths/gfm-autolinks.ts';
import { possibleHeaderLines } from '../../src/runner/fast-paths/gfm-table-guard.ts';
import { renderContentMarkdown } from '../../src/render/markdown.ts';
import { siteAndCorpusBodies } from '../helpers/markdown-bodies.ts';

/**
 * The GFM guards (`src/runner/fast-paths/gfm-*.ts`) exist to spare micromark work: the engine's Markdown
 * must try fewer GFM constructs than GFM alone. remark-gfm is given here with its constructs
 * counted each time micromark tries one; the guards find them by name as before.
 */
const tries = vi.hoisted(() => new Map<string, number>());
vi.mock('remark-gfm', async (importOriginal) => {
  const { default: gfm } = await importOriginal<typeof import('remark-gfm')>();
  const counted = new Map<Construct, Construct>();
  const count = (construct: Construct): Construct => {
    if (!construct.name || !['emailAutolink', 'wwwAutolink', 'protocolAutolink', 'table'].includes(construct.name)) return construct;
    let wrapped = counted.get(construct);
    if (!wrapped) {
      const { name, tokenize } = construct;
      wrapped = {
        ...construct,
        tokenize(...args) {
          tries.set(name!, (tries.get(name!) ?? 0) + 1);
          return tokenize.apply(this, args);
        },
      };
      counted.set(construct, wrapped);
    }
    return wrapped;
  };
  return {
    default: function countedGfm(this: Processor, options?: Parameters<typeof gfm>[0]) {
      gfm.call(this as never, options);
      const extensions = this.data('micromarkExtensions') as Extension[];
      for (const extension of extensions) {
        for (const hook of ['text', 'flow'] as const) {
          const map = extension[hook] as Record<string, Construct | Construct[]> | undefined;
          if (map)
            extension[hook] = Object.fromEntries(
              Object.entries(map).map(([code, list]) => [code, Array.isArray(list) ? list.map(count) : count(list)]),
            );
        }
      }
    },
  };
});

const gfmAlone = unified().use(remarkParse).use(remarkGfm).freeze();
const bodies = siteAndCorpusBodies();

/** How many times each counted construct is tried parsing `body`, by the engine or by GFM alone. */
function triesOf(body: string, by: 'engine' | 'gfm'): Record<string, number> {
  tries.clear();
  if (by === 'engine') renderContentMarkdown(body, { file: 'x.md', bodyLine: 1 });
  else gfmAlone.parse(body);
  return Object.fromEntries(tries);
}

describe('the engine’s Markdown tries fewer GFM constructs than GFM alone', () => {
  beforeEach(() => void tries.clear());

  it('tries no autolink literal a body cannot hold', () => {
    const guarded = bodies.filter((body) => autolinkNeed(body) === 'none');
    expect(guarded.length).toBeGreaterThan(10);
    let triedByGfm = 0;
    for (const body of guarded) {
      const engine = triesOf(body, 'engine');
      triedByGfm += triesOf(body, 'gfm').emailAutolink ?? 0;
      expect([engine.emailAutolink, engine.wwwAutolink, engine.protocolAutolink]).toEqual([undefined, undefined, undefined]);
    }
    // GFM alone does try them on these bodies: what the guard spares.
    expect(triedByGfm).toBeGreaterThan(guarded.length);
  });

  it('tries a table only at lines followed by one that could be its delimiter row, or in a table', () => {
    let triedByEngine = 0;
    let triedByGfm = 0;
    for (const body of bodies) {
      const engine = triesOf(body, 'engine').table ?? 0;
      const gfm = triesOf(body, 'gfm').table ?? 0;
      expect(engine).toBeLessThanOrEqual(gfm);
      // A body with no such line is a body where no table is tried at all.
      if (!possibleHeaderLines(body).includes(1)) expect(engine).toBe(0);
      triedByEngine += engine;
      triedByGfm += gfm;
    }
    expect(triedByEngine).toBeLessThan(triedByGfm / 2);
  });
});
