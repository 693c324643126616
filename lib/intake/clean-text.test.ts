import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText } from './clean-text';

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
