import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';

/** The real content, read on its own terms (not through the engine), so these checks can catch it. */
const files = fg.sync('**/*.md', { cwd: 'content' }).sort();
const pages = files.map((relative) => {
  const parsed = matter(fs.readFileSync(path.join('content', relative), 'utf8'), {});
  return { relative, data: parsed.data as Record<string, unknown>, body: parsed.content };
});
const inFolder = (folder: string) => pages.filter((p) => p.relative.startsWith(`${folder}/`) && !path.basename(p.relative).startsWith('_'));
const words = (markdown: string) => markdown.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w) && !/^\|?-+\|?$/.test(w)).length;

describe('the content plan (templates/README.md)', () => {
  it('has 8 team members, 6 services, 6 articles and 60 to 70 case studies, two or three hidden', () => {
    expect(inFolder('about/team')).toHaveLength(8);
    expect(inFolder('services')).toHaveLength(6);
    expect(inFolder('blogs')).toHaveLength(6);
    const projects = inFolder('projects');
    expect(projects.length).toBeGreaterThanOrEqual(60);
    expect(projects.length).toBeLessThanOrEqual(70);
    const hidden = projects.filter((p) => p.data.hidden === true).length;
    expect(hidden).toBeGreaterThanOrEqual(2);
    expect(hidden).toBeLessThanOrEqual(3);
  });

  it.each([
    ['about/team', 250, 450],
    ['blogs', 800, 1500],
    ['projects', 300, 600],
  ])('keeps %s bodies between %i and %i words', (folder, min, max) => {
    for (const page of inFolder(folder)) {
      const count = words(page.body);
      expect(count, `${page.relative}: ${count} words`).toBeGreaterThanOrEqual(min);
      expect(count, `${page.relative}: ${count} words`).toBeLessThanOrEqual(max);
    }
  });

  it('sorts case studies from 10 to 650 with Snowflake engagements first, and uses each sort once', () => {
    const projects = inFolder('projects').sort((a, b) => Number(a.data.sort) - Number(b.data.sort));
    const sorts = projects.map((p) => Number(p.data.sort));
    expect(new Set(sorts).size).toBe(sorts.length);
    expect(Math.min(...sorts)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sorts)).toBeLessThanOrEqual(650);
    const firstNonSnowflake = projects.findIndex((p) => !(p.data.tags as string[]).includes('snowflake'));
    expect(firstNonSnowflake).toBeGreaterThanOrEqual(10);
    expect(projects.slice(0, firstNonSnowflake).every((p) => (p.data.tags as string[]).includes('snowflake'))).toBe(true);
  });

  it('gives every case study its own client', () => {
    const clients = inFolder('projects').flatMap((p) => (p.data.clients as Array<{ name: string; url: string }>).map((c) => c.url));
    expect(new Set(clients).size).toBe(clients.length);
    for (const url of clients) expect(url).toMatch(/^https:\/\/([a-z0-9-]+\.)+example\/?$/);
  });

  it('has no placeholder text anywhere', () => {
    for (const page of pages) {
      const text = `${JSON.stringify(page.data)}\n${page.body}`;
      expect(text, page.relative).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|coming soon|\[insert|placeholder/i);
    }
  });

  it('gives every referenced image alt text, and every image file is used', () => {
    const referenced = new Set<string>();
    const walk = (value: unknown, where: string): void => {
      if (Array.isArray(value))
        value.forEach((item, i) => {
          walk(item, `${where}[${i}]`);
        });
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        for (const key of ['path', 'image', 'url']) {
          const ref = record[key];
          if (typeof ref === 'string' && ref.startsWith('/images/')) {
            referenced.add(ref);
            // Icons are decorative (drawn beside their title); every other picture needs words.
            if (!where.endsWith('.icon') && key !== 'url') expect(record.alt ?? record.name, `${where}.${key}`).toBeTruthy();
          }
        }
        for (const [key, item] of Object.entries(record)) walk(item, `${where}.${key}`);
      }
    };
    for (const page of pages) walk(page.data, page.relative);
    for (const ref of referenced) expect(fs.existsSync(path.join('content', ref)), ref).toBe(true);
    const used = new Set([...referenced, '/images/error.svg', '/images/logo.svg']);
    const onDisk = fg.sync('images/**/*', { cwd: 'content' }).map((f) => `/${f}`);
    const unused = onDisk.filter((f) => !used.has(f) && !f.startsWith('/images/badges/') && f !== '/images/logo-wordmark.svg');
    expect(unused).toEqual([]);
  });

  it('gives every SVG a title for assistive technology and nothing executable', () => {
    for (const file of fg.sync('images/**/*.svg', { cwd: 'content' })) {
      const svg = fs.readFileSync(path.join('content', file), 'utf8');
      expect(svg, file).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg, file).not.toMatch(/<script|\son\w+=|javascript:|xlink:href="http|href="http/i);
    }
  });
});
