import { describe, expect, it } from 'vitest';
import { formatField, type Diagnostic } from '../../src/diagnostics/diagnostics.ts';
import { diagnosticLines, formatDiagnosticLine, formatDiagnostics } from '../../src/diagnostics/print.ts';
import { compareNatural } from '../../src/diagnostics/group.ts';

const tag: Diagnostic = {
  code: 'invalid-value',
  severity: 'error',
  file: '/site/content/projects/acme.md',
  line: 7,
  column: 5,
  field: 'tags[1]',
  message: 'is not one of the allowed values',
  expected: 'one of snowflake, aws',
  actual: '"snowflak"',
  hint: 'did you mean "snowflake"?',
};

describe('diagnostic formatting', () => {
  it('prints file:line, field, expected and found on one line', () => {
    expect(formatDiagnosticLine(tag, '/site')).toBe(
      'content/projects/acme.md:7  tags[1]: expected one of snowflake, aws, found "snowflak"',
    );
  });

  it('prints the message when there is nothing to compare', () => {
    const d: Diagnostic = {
      code: 'render-failed',
      severity: 'error',
      file: '/site/content/index.md',
      line: 1,
      message: 'The template "home" threw.',
    };
    expect(formatDiagnosticLine(d, '/site')).toBe('content/index.md:1  The template "home" threw.');
  });

  it('sorts by file and line, adds hints and a summary', () => {
    const other: Diagnostic = {
      ...tag,
      file: '/site/content/about.md',
      line: 1,
      field: 'title',
      code: 'missing-field',
      expected: 'text',
      actual: 'nothing',
      hint: undefined,
    };
    const text = formatDiagnostics([tag, other], { cwd: '/site', fileCount: 97, outcome: 'Nothing was written to dist/.' });
    expect(text).toBe(
      [
        'content/about.md:1  title: expected text, found nothing  [missing-field]',
        'content/projects/acme.md:7  tags[1]: expected one of snowflake, aws, found "snowflak"  [invalid-value]',
        '    hint: did you mean "snowflake"?',
        '',
        '✖ 2 errors in 2 of 97 files. Nothing was written to dist/.',
      ].join('\n'),
    );
  });

  it('prints every counted warning after the errors, under a heading, so none reads as an error or goes unseen', () => {
    const errors: Diagnostic[] = Array.from({ length: 76 }, (_, i) => ({ ...tag, file: `/site/content/p${i}.md`, actual: `"x${i}"` }));
    const warning: Diagnostic = {
      ...tag,
      file: '/site/content/p3.md',
      line: 1,
      severity: 'warning',
      code: 'mdx-in-markdown',
      hint: undefined,
    };
    const lines = formatDiagnostics([...errors, warning], { cwd: '/site', fileCount: 80 }).split('\n');
    const heading = lines.indexOf('⚠ 1 warning (a warning alone does not stop a build):');
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toBe(`${formatDiagnosticLine(warning, '/site')}  [mdx-in-markdown]`);
    expect(lines.filter((l) => l.includes('[mdx-in-markdown]'))).toHaveLength(1);
    expect(lines.findLastIndex((l) => l.includes('[invalid-value]'))).toBeLessThan(heading);
    expect(lines.at(-1)).toBe('✖ 76 errors in 76 of 80 files, 1 warning.');
  });

  it('says a problem reported twice at one place once, with or without errors (the not-found page is drawn twice)', () => {
    const warning: Diagnostic = { ...tag, severity: 'warning', code: 'missing-alt', hint: undefined };
    expect(diagnosticLines([warning, { ...warning }], { cwd: '/site' })).toEqual([
      `${formatDiagnosticLine(warning, '/site')}  [missing-alt]`,
    ]);
    expect(formatDiagnostics([tag, { ...tag }], { cwd: '/site', fileCount: 1 })).toContain('✖ 1 error in 1 of 1 file.');
  });

  it('writes out the control characters a file name, a message or an excerpt holds, so a terminal never obeys them', () => {
    const hostile: Diagnostic = {
      ...tag,
      file: '/site/content/x\u001b[2Jy.md',
      message: 'a plugin says \u001b]52;c;cGF5bG9hZA==\u0007 and\rover',
      expected: undefined,
      actual: undefined,
      excerpt: '  3 | title: \u001b[31mred\u009b',
    };
    const text = formatDiagnostics([hostile], { cwd: '/site', fileCount: 1, verbose: true });
    const lines = diagnosticLines([{ ...hostile, severity: 'warning' }], { cwd: '/site' });
    for (const printed of [text, ...lines]) expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('content/x\\x1b[2Jy.md:7');
    expect(text).toContain('tags[1]: a plugin says \\x1b]52;c;cGF5bG9hZA==\\x07 and\\x0dover');
    expect(text).toContain('title: \\x1b[31mred\\x9b');
    expect(formatDiagnosticLine(hostile, '/site')).toContain('x\\x1b[2Jy.md');
  });

  it('shows stacks only when verbose', () => {
    const d: Diagnostic = { code: 'render-failed', severity: 'error', message: 'boom', detail: 'Error: boom\n    at x' };
    expect(formatDiagnostics([d], { cwd: '/', fileCount: 1 })).not.toContain('at x');
    expect(formatDiagnostics([d], { cwd: '/', fileCount: 1, verbose: true })).toContain('at x');
  });

  it.each([
    [['tags', 1], 'tags[1]'],
    [['clients', 0, 'url'], 'clients[0].url'],
    [['title'], 'title'],
  ])('formats the field path %j as %s', (segments, text) => {
    expect(formatField(segments)).toBe(text);
  });

  it('prints a mistake repeated in 200 files once, with the first files and a count, in under 40 lines', () => {
    const typo = (n: number): Diagnostic => ({
      ...tag,
      file: `/site/content/posts/bulk-${n}.md`,
      line: 3,
      field: 'descripton',
      code: 'unknown-field',
      expected: 'one of the fields title, description',
      actual: '"descripton"',
      hint: 'did you mean "description"?',
    });
    const missing = (n: number): Diagnostic => ({
      code: 'missing-field',
      severity: 'error',
      file: `/site/content/posts/bulk-${n}.md`,
      line: 1,
      field: 'title',
      message: 'is required',
      expected: 'text',
      actual: 'nothing',
    });
    const all = Array.from({ length: 200 }, (_, i) => typo(200 - i));
    const text = formatDiagnostics([...all, missing(7)], { cwd: '/site', fileCount: 201, outcome: 'Nothing was written to dist/.' });
    expect(text).toBe(
      [
        'content/posts/bulk-1.md:3  descripton: expected one of the fields title, description, found "descripton"  [unknown-field]',
        'content/posts/bulk-2.md:3  (the same)',
        'content/posts/bulk-3.md:3  (the same)',
        '    … and 197 more files',
        '    hint: did you mean "description"?',
        'content/posts/bulk-7.md:1  title: expected text, found nothing  [missing-field]',
        '',
        '✖ 201 errors in 200 of 201 files. Nothing was written to dist/.',
      ].join('\n'),
    );
    expect(text.split('\n').length).toBeLessThan(40);
  });

  it('lists two or three places of one problem without a count', () => {
    const at = (file: string): Diagnostic => ({ ...tag, file: `/site/content/${file}` });
    const lines = formatDiagnostics([at('b.md'), at('a.md')], { cwd: '/site', fileCount: 2 }).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'content/a.md:7  tags[1]: expected one of snowflake, aws, found "snowflak"  [invalid-value]',
      'content/b.md:7  (the same)',
      '    hint: did you mean "snowflake"?',
    ]);
  });

  it('reports a template that throws on many pages once per template and error, counting the pages', () => {
    const threw = (template: string, error: string, n: number): Diagnostic => ({
      code: 'render-failed',
      severity: 'error',
      file: `/site/content/posts/p${n}.md`,
      line: 1,
      page: `/posts/p${n}`,
      message: `The template "${template}" threw: ${error}`,
      hint: 'Run with --verbose to see the stack.',
    });
    const pages = (template: string, error: string, count: number) =>
      Array.from({ length: count }, (_, i) => threw(template, error, i + 1));
    const text = formatDiagnostics(
      [...pages('post', 'x is undefined', 50), ...pages('post', 'y is undefined', 2), ...pages('home', 'x is undefined', 1)],
      { cwd: '/site', fileCount: 60 },
    );
    expect(text.split('\n').filter((line) => line.includes('[render-failed]'))).toEqual([
      'content/posts/p1.md:1 (page /posts/p1)  The template "post" threw: x is undefined  [render-failed]',
      'content/posts/p1.md:1 (page /posts/p1)  The template "post" threw: y is undefined  [render-failed]',
      'content/posts/p1.md:1 (page /posts/p1)  The template "home" threw: x is undefined  [render-failed]',
    ]);
    expect(text).toContain('    … and 47 more pages');
    expect(text).not.toMatch(/more pages[\s\S]*more pages/);
  });

  it('sorts files in natural order', () => {
    const files = ['bulk-10.md', 'bulk-2.md', 'bulk-1.md', 'bulk-100.md', 'about.md'];
    const text = formatDiagnostics(
      files.map((file) => ({ ...tag, actual: file, file: `/site/${file}` })),
      { cwd: '/site', fileCount: 5 },
    );
    expect(
      text
        .split('\n')
        .filter((line) => line.includes('.md:'))
        .map((line) => line.split(':')[0]),
    ).toEqual(['about.md', 'bulk-1.md', 'bulk-2.md', 'bulk-10.md', 'bulk-100.md']);
  });

  it.each([
    ['bulk-2', 'bulk-10', -1],
    ['bulk-10', 'bulk-9', 1],
    ['a', 'a', 0],
    ['a1b2', 'a1b10', -1],
    ['file-01', 'file-1', -1],
    ['99999999999999999999', '100000000000000000000', -1],
    ['B', 'a', -1],
  ])('compares %s with %s naturally: %i', (a, b, sign) => {
    expect(Math.sign(compareNatural(a, b))).toBe(sign);
    expect(Math.sign(compareNatural(b, a))).toBe(sign === 0 ? 0 : -sign);
  });
});

describe('reports that scale', () => {
  const noFrontMatter = (n: number): Diagnostic => ({
    code: 'missing-front-matter',
    severity: 'error',
    file: `/site/content/pages/page-${n}.md`,
    line: 1,
    message: 'The file has no front matter.',
    expected: 'a first line `---`, YAML fields, and a closing `---`',
    actual: `"Page ${n} starts with its own words"`,
  });

  it('counts the places it does not list as places, not files, when several are in one file', () => {
    const inOneFile = Array.from({ length: 32 }, (_, i): Diagnostic => ({ ...noFrontMatter(1), line: i + 1 }));
    const text = formatDiagnostics(inOneFile, { cwd: '/site' });
    expect(text).toContain('    … and 29 more places in 1 file\n');
    expect(text).not.toContain('more files');
  });

  it('prints one mistake in many files once, though each file shows a different value', () => {
    const text = formatDiagnostics(
      Array.from({ length: 7424 }, (_, i) => noFrontMatter(i + 1)),
      { cwd: '/site' },
    );
    expect(text.split('\n')).toEqual([
      'content/pages/page-1.md:1  expected a first line `---`, YAML fields, and a closing `---`, found "Page 1 starts with its own words"  [missing-front-matter]',
      'content/pages/page-2.md:1  (the same, found "Page 2 starts with its own words")',
      'content/pages/page-3.md:1  (the same, found "Page 3 starts with its own words")',
      '    … and 7421 more files',
      '',
      '✖ 7424 errors in 7424 files.',
    ]);
  });

  it('keeps a few different values of one mistake apart: each is a thing to fix', () => {
    const link = (url: string, line: number): Diagnostic => ({
      code: 'broken-link',
      severity: 'error',
      file: '/site/content/a.md',
      line,
      field: '<a href>',
      message: 'points at no page',
      expected: 'a page or file of the site',
      actual: JSON.stringify(url),
    });
    const text = formatDiagnostics([link('/b', 3), link('/a', 2), link('/c', 4)], { cwd: '/site' });
    expect(text.split('\n').slice(0, 3)).toEqual([
      'content/a.md:2  <a href>: expected a page or file of the site, found "/a"  [broken-link]',
      'content/a.md:3  <a href>: expected a page or file of the site, found "/b"  [broken-link]',
      'content/a.md:4  <a href>: expected a page or file of the site, found "/c"  [broken-link]',
    ]);
  });

  it('gives a place in code its column, and a place in content its line', () => {
    const code: Diagnostic = {
      code: 'invalid-site-code',
      severity: 'error',
      file: '/site/src/Post.tsx',
      line: 15,
      column: 41,
      message: 'cannot be bundled',
    };
    expect(formatDiagnosticLine(code, '/site')).toBe('src/Post.tsx:15:41  cannot be bundled');
    expect(formatDiagnosticLine(tag, '/site')).toMatch(/^content\/projects\/acme\.md:7 {2}/);
  });
});
