import { describe, expect, it } from 'vitest';
import { formatDiagnosticLine, formatDiagnostics, formatField, type Diagnostic } from '../../src/diagnostics/diagnostics.ts';

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
    expect(formatDiagnosticLine(tag, '/site')).toBe('content/projects/acme.md:7  tags[1]: expected one of snowflake, aws, found "snowflak"');
  });

  it('prints the message when there is nothing to compare', () => {
    const d: Diagnostic = { code: 'render-failed', severity: 'error', file: '/site/content/index.md', line: 1, message: 'The template "home" threw.' };
    expect(formatDiagnosticLine(d, '/site')).toBe('content/index.md:1  The template "home" threw.');
  });

  it('sorts by file and line, adds hints and a summary', () => {
    const other: Diagnostic = { ...tag, file: '/site/content/about.md', line: 1, field: 'title', code: 'missing-field', expected: 'text', actual: 'nothing', hint: undefined };
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
});
