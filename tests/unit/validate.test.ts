import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content/parse.ts';
import { createSchemaHelpers } from '../../src/content/schema-helpers.ts';
import { prepareCollections, validateFile } from '../../src/content/validate.ts';
import { parseFile } from '../../src/content/parse-file.ts';
import { createSite } from '../../templates/site.ts';

const contentDir = path.resolve('tests/fixtures/invalid-frontmatter/content');
const site = createSite(contentDir);
const collections = prepareCollections(site, createSchemaHelpers([contentDir]));

/** Validates one file written in memory, as if it sat at `relative` under the content folder. */
function check(relative: string, text: string) {
  const source = { file: path.join(contentDir, relative), relative, text };
  const parsed = parseSource(source);
  if (!parsed.parsed) return { entry: undefined, diagnostics: parsed.diagnostics };
  return validateFile(parsed.parsed, collections, site.templates);
}

const project = (lines: string[]) =>
  [
    '---',
    'title: "A project"',
    'description: "A project description that is long enough to pass the minimum length."',
    ...lines,
    '---',
    'Body.',
  ].join('\n');
const validProject = ['clients: [{ name: "Acme", url: "https://acme.example" }]', 'tags: [aws, retail]'];

describe('validating front matter', () => {
  it('accepts a valid case study and fills in its defaults', () => {
    const { entry, diagnostics } = check('projects/ok.md', project([...validProject, 'sort: 30']));
    expect(diagnostics).toEqual([]);
    expect(entry).toMatchObject({
      url: '/projects/ok',
      collection: 'projects',
      template: 'case-study',
      data: { type: 'Article', sort: 30 },
    });
  });

  it('reports an unknown tag at its line, with the allowed values and a suggestion', () => {
    const { diagnostics } = check(
      'projects/x.md',
      project(['clients: [{ name: "Acme", url: "https://acme.example" }]', 'tags:', '  - aws', '  - snowflak', '  - retail']),
    );
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'invalid-value',
      field: 'tags[1]',
      line: 7,
      actual: '"snowflak"',
      hint: 'did you mean "snowflake"?',
    });
    expect(diagnostics[0]!.expected).toContain('snowflake');
  });

  it('reports every problem in a file, not just the first', () => {
    const { diagnostics } = check(
      'projects/x.md',
      project(['clients: []', 'tags: [aws]', 'colour: blue']).replace('title: "A project"\n', ''),
    );
    expect(diagnostics.map((d) => [d.code, d.field])).toEqual(
      expect.arrayContaining([
        ['missing-field', 'title'],
        ['too-small', 'clients'],
        ['unknown-field', 'colour'],
      ]),
    );
  });

  it('reports a misspelt required field once, as the misspelling, saying the field is missing', () => {
    const { diagnostics } = check('projects/x.md', project(validProject).replace('title: "A project"', 'titel: "A project"'));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'unknown-field',
        field: 'titel',
        line: 2,
        hint: 'did you mean "title"? It is required, and missing.',
      }),
    ]);
  });

  it('asks for at least one technology and one industry tag', () => {
    const { diagnostics } = check(
      'projects/x.md',
      project(['clients: [{ name: "Acme", url: "https://acme.example" }]', 'tags: [aws, java]']),
    );
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'invalid-content', field: 'tags', line: 5 })]);
    expect(diagnostics[0]!.message).toContain('industry');
  });

  it('points a missing top-level field at the opening ---', () => {
    const { diagnostics } = check('projects/x.md', project(['tags: [aws, retail]']));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'missing-field', field: 'clients', line: 1, actual: 'nothing' })]);
  });

  it.each([
    ['2024-02-30', 'invalid-date'],
    ['2023-13-01', 'invalid-date'],
    ['12/03/2024', 'invalid-format'],
  ])('rejects the date %s as %s', (date, code) => {
    const { diagnostics } = check('projects/x.md', project([...validProject, `createdDate: ${date}`]));
    expect(diagnostics).toEqual([expect.objectContaining({ code, field: 'createdDate', line: 6 })]);
  });

  it.each([
    ['2026-01-15', '2026-01-15'],
    ['2026-01-15T10:00:00Z', '2026-01-15T10:00:00Z'],
    ['2026-01-15T12:00+02:00', '2026-01-15T10:00:00Z'],
    ['2026-01-15T10:00:00.250Z', '2026-01-15T10:00:00.250Z'],
    ['2026-01-15T10:00:00', '2026-01-15T10:00:00Z'],
  ])('accepts the date %s, keeping it as %s', (date, kept) => {
    const { entry, diagnostics } = check('projects/x.md', project([...validProject, `createdDate: ${date}`]));
    expect(diagnostics).toEqual([]);
    expect((entry?.data as { createdDate?: string } | undefined)?.createdDate).toBe(kept);
  });

  it.each([
    ['2026-02-30T10:00:00Z', 'invalid-date', 'is not a real calendar date'],
    ['2026-01-15T24:00:00Z', 'invalid-date', 'is not a real time of day'],
    ['2026-01-15T10:00:00+25:00', 'invalid-date', 'is not a real time of day'],
    ['2026-01-15T10', 'invalid-format', 'is not in the expected format'],
    ['2026-01-15 10:00', 'invalid-format', 'is not in the expected format'],
  ])('rejects the date and time %s as %s', (date, code, message) => {
    const { diagnostics } = check('projects/x.md', project([...validProject, `createdDate: "${date}"`]));
    expect(diagnostics).toEqual([expect.objectContaining({ code, message, field: 'createdDate', line: 6 })]);
  });

  it('rejects an updated date before the created date', () => {
    const { diagnostics } = check('projects/x.md', project([...validProject, 'createdDate: 2024-05-01', 'updatedDate: 2024-04-01']));
    expect(diagnostics).toEqual([expect.objectContaining({ field: 'updatedDate', line: 7 })]);
  });

  it('rejects unknown clearance levels and statuses', () => {
    const text = [
      '---',
      'title: "Pat"',
      'description: "A description of Pat that is comfortably longer than fifty characters."',
      'name: Pat',
      'jobTitle: Engineer',
      'tagline: Tests things.',
      'shortBio: Pat tests things.',
      'linkedInUrl: https://www.linkedin.com/in/pat',
      'sort: 10',
      'securityClearances:',
      '  - { level: Secret, status: active }',
      '  - { level: Top Secret, status: lapsed }',
      '---',
    ].join('\n');
    const { diagnostics } = check('about/team/pat.md', text);
    expect(diagnostics.map((d) => [d.field, d.line, d.actual])).toEqual([
      ['securityClearances[1].level', 12, '"Top Secret"'],
      ['securityClearances[1].status', 12, '"lapsed"'],
    ]);
  });

  it('rejects a referenced image that does not exist', () => {
    const { diagnostics } = check('projects/x.md', project([...validProject, 'image: { path: /images/missing.svg, alt: A cover }']));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'missing-image', field: 'image.path', actual: '"/images/missing.svg"' })]);
  });

  it('refuses an image path that climbs out of the content folder', () => {
    const { diagnostics } = check('projects/x.md', project([...validProject, 'image: { path: /../package.json, alt: Sneaky }']));
    expect(diagnostics[0]).toMatchObject({ code: 'missing-image' });
  });

  it('reports YAML syntax errors with their line', () => {
    const { diagnostics } = check('projects/x.md', ['---', 'title: ok', 'description: this: breaks', '---'].join('\n'));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'yaml-syntax', line: 3 })]);
  });

  it.each([
    ['a value with two colons', ['title: Broken: yes: no'], 2, 'Quote a value that contains ": "'],
    ['a field indented under another', ['title: ok', '  description: indented'], 2, 'indented deeper'],
    ['a list item under no field', ['title: ok', '- stray'], 3, 'indent list items'],
    ['a field written twice', ['title: ok', 'title: again'], 3, 'written once'],
    ['a tab for indentation', ['tags:', '\t- aws'], 3, 'spaces, not tabs'],
    ['a value starting with @', ['title: @home'], 2, 'starts with @'],
    ['an unclosed quote', ['title: "unclosed', 'sort: 1'], 3, 'never closed'],
    ['an unclosed list', ['tags: [aws, retail', 'sort: 1'], 3, 'is not closed'],
  ])('reports %s once, at its line, with a hint about it', (_, lines, line, hint) => {
    const { diagnostics } = check('projects/x.md', ['---', ...lines, '---', 'Body.'].join('\n'));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'yaml-syntax', line, hint: expect.stringContaining(hint) })]);
  });

  it('reports a file without front matter', () => {
    expect(check('projects/x.md', '# Just a heading').diagnostics).toEqual([
      expect.objectContaining({ code: 'missing-front-matter', line: 1 }),
    ]);
  });

  it('reports a page that names an unknown template', () => {
    const text = [
      '---',
      'title: T',
      'description: "A description that is long enough to pass the schema minimum."',
      'template: gallery',
      '---',
    ].join('\n');
    const { diagnostics } = check('gallery.md', text);
    expect(diagnostics[0]).toMatchObject({ code: 'invalid-value', field: 'template', line: 4 });
  });
});

describe('reading files for one loaded site', () => {
  it('builds each collection’s schema once for the site, not once per build', () => {
    let built = 0;
    const counted = {
      ...site,
      collections: site.collections.map((collection) => ({
        ...collection,
        schema: (helpers: Parameters<typeof collection.schema>[0]) => (built++, collection.schema(helpers)),
      })),
    };
    const source = {
      file: path.join(contentDir, 'projects/ok.md'),
      relative: 'projects/ok.md',
      text: project([...validProject, 'sort: 30']),
    };
    // Two builds of a dev server's builder, each parsing the file again.
    for (let build = 0; build < 2; build++) expect(parseFile(counted, source).entry).toBeDefined();
    expect(built).toBe(site.collections.length);
  });
});
