import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The engine's own code: everything under src/ but the starter that `site init` copies into a new site. */
const engineFiles = (fs.readdirSync('src', { recursive: true }) as string[])
  .map((file) => path.join('src', file))
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(path.join('src', 'init', 'starter')));

describe('the engine', () => {
  it("names no date field of one site's content: a collection names its own (dates)", () => {
    expect(engineFiles.length).toBeGreaterThan(50);
    const naming = engineFiles.filter((file) => /\b(createdDate|updatedDate)\b/.test(fs.readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });
});
