import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText, storableStrings, storableText } from './clean-text';

describe('cleanText', () => {
  it.each([
    ['surrounding whitespace', '  two rolls please \n', 'two rolls please'],
    ['zero-width characters', 'rye\u200B loaf\u200D\uFEFF', 'rye loaf'],
    ['bidirectional overrides', 'open \u202Etoday\u202C?', 'open today?'],
    ['control characters', 'a\u0000b\u0007c\u001Bd', 'abcd'],
    ['C1 controls and soft hyphens', 'sour\u00ADdough\u0085', 'sourdough'],
    ['Unicode tag characters', `hi${String.fromCodePoint(0xe0049, 0xe0067)}`, 'hi'],
    ['Windows line endings', 'line one\r\nline two', 'line one\nline two'],
    ['long runs of blank lines', 'a\n\n\n\n\nb', 'a\n\nb'],
  ])('removes %s', (_name, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it('keeps tabs, newlines, accents and emoji', () => {
    expect(cleanText('Crème brûlée?\n\tThanks 🥐')).toBe('Crème brûlée?\n\tThanks 🥐');
  });

  it('leaves nothing of a string made only of invisible characters', () => {
    expect(cleanText('\u200B\u200C\u2060\uFEFF \u0007')).toBe('');
  });
});

describe('cleanLine', () => {
  it('folds newlines and runs of spaces into one space', () => {
    expect(cleanLine(' Maya \n  Ortiz ')).toBe('Maya Ortiz');
  });
});

describe('storableText', () => {
  it('removes NUL and the other C0 controls but keeps tab and newline', () => {
    expect(storableText('a\u0000b\u0001c\td\ne\u001Ff\u000Bg')).toBe('abc\td\nefg');
  });

  it('turns lone carriage returns and CRLF into newlines', () => {
    expect(storableText('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });

  it('replaces unpaired surrogates and keeps pairs', () => {
    expect(storableText('a\uD800b\uDC00c🥐\uDBFF')).toBe('a\uFFFDb\uFFFDc🥐\uFFFD');
    expect(storableText('🥐').length).toBe(2);
  });

  it('leaves everything else as sent: ids, spaces, invisible characters', () => {
    expect(storableText('  <id\u200B@x>  ')).toBe('  <id\u200B@x>  ');
  });

  it('gives text every engine stores: well formed, no NUL', () => {
    for (const input of ['\u0000', '\uD83E', 'x\uDD50\u0000y']) {
      const out = storableText(input);
      expect(out.isWellFormed()).toBe(true);
      expect(out).not.toContain('\u0000');
    }
  });
});

describe('storableStrings', () => {
  it('cleans every string inside objects and arrays and leaves other values alone', () => {
    const raw = Buffer.from('keep\u0000');
    expect(
      storableStrings({ a: 'x\u0000', b: ['y\uD800', { c: 'z\u0007' }], n: 4, t: true, raw }),
    ).toEqual({ a: 'x', b: ['y\uFFFD', { c: 'z' }], n: 4, t: true, raw });
  });
});

describe('cleanText and cleanLine on invalid text', () => {
  it('remove NUL and replace unpaired surrogates', () => {
    expect(cleanText('Ada\u0000 \uDC00')).toBe('Ada \uFFFD');
    expect(cleanLine('Ada\u0000\nLovelace\uD800')).toBe('Ada Lovelace\uFFFD');
  });
});
