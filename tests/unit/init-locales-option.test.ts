import { describe, expect, it } from 'vitest';
import { InitError } from '../../src/init/init-error.ts';
import { parseLocalesOption } from '../../src/init/locales-option.ts';

describe('site init --locales', () => {
  it('keeps the order written, the first the default, each code in its canonical form', () => {
    expect(parseLocalesOption('de, EN ,pt-br,zh-hant')).toEqual(['de', 'en', 'pt-BR', 'zh-Hant']);
  });

  it.each([
    ['', 'code 1 is empty'],
    ['en,', 'code 2 is empty'],
    ['en,de-', '"de-" is not a language code'],
    ['en,e', '"e" is not a language code'],
    ['en,<script>', '"<script>" is not a language code'],
    ['en,qaa', '"qaa" names no language or region that Intl knows'],
    ['en,de-XX', '"de-XX" names no language or region that Intl knows'],
    ['pt-BR,pt-br', '"pt-br" is named twice'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseLocalesOption(text)).toThrow(InitError);
    expect(() => parseLocalesOption(text)).toThrow(message);
  });
});
