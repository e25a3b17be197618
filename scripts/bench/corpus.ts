import fs from 'node:fs/promises';
import path from 'node:path';
import { INDUSTRY_TAGS, TECHNOLOGY_TAGS } from '../../templates/schemas.ts';

/** Covers that exist under content/images/covers, one per industry or technology family. */
const COVERS = [
  'snowflake',
  'ai-ml',
  'bigdata',
  'full-stack',
  'devops',
  'security',
  'financial',
  'healthBio',
  'public',
  'retail',
  'energyTransport',
];
const NOUNS = [
  'pipeline',
  'warehouse',
  'platform',
  'ledger',
  'portal',
  'forecast',
  'catalog',
  'gateway',
  'scheduler',
  'dashboard',
  'registry',
  'model',
  'archive',
  'workflow',
  'service',
];
const ADJECTIVES = [
  'regional',
  'real-time',
  'secure',
  'federated',
  'elastic',
  'nightly',
  'unified',
  'audited',
  'streaming',
  'resilient',
  'governed',
  'hybrid',
];
const ORGS = [
  'Harbor',
  'Summit',
  'Cedar',
  'Meridian',
  'Beacon',
  'Northgate',
  'Riverside',
  'Ironwood',
  'Lakeshore',
  'Pinecrest',
  'Oakmont',
  'Bluewater',
  'Granite',
  'Silverline',
  'Westfield',
  'Redrock',
];
const KINDS = ['Mutual', 'Health', 'Logistics', 'Energy', 'Retail Group', 'County', 'Transit', 'Insurance', 'Labs', 'Foods'];
const WORDS = (
  'the team moved each nightly batch into a governed stream so analysts saw fresh figures within minutes instead of days ' +
  'we measured every step before changing it and kept the old jobs running in parallel until the numbers matched ' +
  'operators asked for fewer alerts and clearer ownership so every table now names the people who answer for it ' +
  'costs fell because idle clusters stopped at night and storage moved to cheaper tiers after ninety days ' +
  'security reviews happened early with the client auditors reading the design before any data moved ' +
  'releases went out through the same pipeline every time with tests that load a copy of production data'
).split(' ');

/** A small deterministic pseudo-random generator (mulberry32), so every run writes the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function sentence(rand: () => number, words: number): string {
  const start = Math.floor(rand() * WORDS.length);
  const text = Array.from({ length: words }, (_, i) => WORDS[(start + i * 7 + Math.floor(rand() * 3)) % WORDS.length]).join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

function paragraph(rand: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(rand, 10 + Math.floor(rand() * 8))).join(' ');
}

/** One synthetic case study: valid front matter like the real ones, ~400 words with headings, a list, a link and a table. */
export function caseStudy(index: number): { slug: string; text: string } {
  const rand = random(index + 1);
  const slug = `bench-${String(index).padStart(5, '0')}`;
  const org = `${pick(rand, ORGS)} ${pick(rand, KINDS)} ${index}`;
  const technologies = [...new Set([pick(rand, TECHNOLOGY_TAGS), pick(rand, TECHNOLOGY_TAGS), pick(rand, TECHNOLOGY_TAGS)])];
  const tags = [...technologies, pick(rand, INDUSTRY_TAGS)];
  const thing = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
  const year = 2015 + Math.floor(rand() * 10);
  const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
  const cover = pick(rand, COVERS);
  const text = `---
title: "A ${thing} for ${org}"
description: "How we built a ${thing} for ${org} and cut the time from raw data to a trusted report by ${10 + Math.floor(rand() * 80)} percent."
createdDate: ${year}-${month}-${day}
sort: ${1000 + index}
clients:
  - { name: "${org}", url: "https://client-${index}.example" }
tags: [${tags.join(', ')}]
image: { path: "/images/covers/${cover}.svg", alt: "Abstract cover for the ${thing} of ${org}" }
---
## The client

${paragraph(rand, 4)}

## The challenge

${paragraph(rand, 5)} The earlier work is described on [our services page](/services).

## The approach

${paragraph(rand, 4)}

- **Ingestion.** ${sentence(rand, 12)}
- **Modelling.** ${sentence(rand, 12)}
- **Operations.** ${sentence(rand, 12)}

## Results

| measure | before | after |
|---|---|---|
| report latency | ${2 + Math.floor(rand() * 9)} days | ${1 + Math.floor(rand() * 20)} minutes |
| monthly cost | $${40 + Math.floor(rand() * 60)}k | $${10 + Math.floor(rand() * 30)}k |
| failed runs | ${5 + Math.floor(rand() * 20)} a month | ${Math.floor(rand() * 3)} a month |

${paragraph(rand, 3)}

## Technologies

${technologies.map((tag) => `- ${tag}`).join('\n')}
`;
  return { slug, text };
}

/** A fenced code block, and the text that carries it through a copy. */
const FENCE = /^```[^\n]*\n[\s\S]*?^```[ \t]*\n?/gm;

/**
 * Copies a content folder and adds `count` synthetic case studies under projects/. The copy has
 * no fenced code block (the real content's are taken out), so a build of it measures a site
 * without highlighting; `addCodeBlock` and `addMdxPage` add one of each.
 */
export async function writeCorpus(realContent: string, target: string, count: number): Promise<void> {
  await fs.rm(target, { recursive: true, force: true });
  await fs.cp(realContent, target, { recursive: true });
  for (const file of await fs.readdir(target, { recursive: true })) {
    if (!file.endsWith('.md')) continue;
    const text = await fs.readFile(path.join(target, file), 'utf8');
    const plain = text.replace(FENCE, '');
    if (plain !== text) await fs.writeFile(path.join(target, file), plain);
  }
  const projects = path.join(target, 'projects');
  for (let start = 0; start < count; start += 256) {
    await Promise.all(
      Array.from({ length: Math.min(256, count - start) }, (_, i) => {
        const { slug, text } = caseStudy(start + i);
        return fs.writeFile(path.join(projects, `${slug}.md`), text);
      }),
    );
  }
}

/** A short SQL sample, as an insight article would show it. */
const SQL_SAMPLE = [
  '```sql',
  'select order_id, count(*) as copies',
  'from analytics.sales.fct_orders',
  'group by order_id',
  'having count(*) > 1;',
  '```',
  '',
].join('\n');

/** Adds one fenced SQL block to the first synthetic case study; returns a function that takes it out again. */
export async function addCodeBlock(target: string): Promise<() => Promise<void>> {
  const file = path.join(target, 'projects', `${caseStudy(0).slug}.md`);
  const text = await fs.readFile(file, 'utf8');
  await fs.writeFile(file, text.replace('## The challenge', `${SQL_SAMPLE}\n## The challenge`));
  return () => fs.writeFile(file, text);
}

/** The benchmark's MDX page, at the content's root (`mdx-site.config.ts` gives it a collection that takes MDX). */
export const MDX_PAGE = 'bench-mdx.mdx';

/** Adds one MDX page (a plain page, with one component defined in it) to the content's root; returns a function that removes it. */
export async function addMdxPage(target: string): Promise<() => Promise<void>> {
  const file = path.join(target, MDX_PAGE);
  const text = [
    '---',
    'title: "An MDX page"',
    'description: "One page written in MDX, for the benchmark: a component defined in the file, used in the text."',
    'h1: "An MDX page"',
    'template: page',
    '---',
    'export const Figure = ({ value }) => <strong>{value}</strong>;',
    '',
    'This page is written in MDX. Its figure is drawn by a component: <Figure value="42 %" />.',
    '',
    '## A section',
    '',
    'More text, with a [link to the home page](/).',
    '',
  ].join('\n');
  await fs.writeFile(file, text);
  return () => fs.rm(file);
}
