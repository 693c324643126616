import { numberWords } from '../words';
import type { Token } from './tokens';

/** Numbers and quantities as written: digits, words, dozens, "a baker's dozen", "a few". */

/** A number as written: digits, "1,000", a word, "twenty-four", "a hundred and twenty". */
export function numberAt(tokens: Token[], start: number): { value: number; length: number } | null {
  const word = (k: number) => {
    const token = tokens[start + k];
    return token && !token.used ? token.text : undefined;
  };
  const simple = (text: string | undefined): number | null => {
    if (text === undefined) return null;
    if (/^\d{1,3}(,\d{3})+$/.test(text)) return Number(text.replace(/,/g, ''));
    if (/^\d{1,5}$/.test(text)) return Number(text);
    const compound = /^([a-z]+)-([a-z]+)$/.exec(text);
    if (compound) {
      const tens = numberWords[compound[1] as string];
      const ones = numberWords[compound[2] as string];
      return tens !== undefined && ones !== undefined && tens >= 20 && ones < 10
        ? tens + ones
        : null;
    }
    return numberWords[text] ?? null;
  };
  let k = 0;
  let value: number | null;
  if ((word(0) === 'a' || word(0) === 'one') && word(1) === 'hundred') {
    value = 100;
    k = 2;
  } else {
    value = simple(word(0));
    if (value === null) return null;
    k = 1;
    if (value < 10 && word(1) === 'hundred') {
      value *= 100;
      k = 2;
    }
  }
  if (value >= 100 && value % 100 === 0) {
    // "a hundred and twenty", "two hundred fifty".
    const skip = word(k) === 'and' ? 1 : 0;
    const rest = simple(word(k + skip));
    if (rest !== null && rest < 100 && /^[a-z]/.test(word(k + skip) ?? '')) {
      value += rest;
      k += skip + 1;
      const ones = simple(word(k));
      if (
        rest >= 20 &&
        rest % 10 === 0 &&
        ones !== null &&
        ones < 10 &&
        /^[a-z]/.test(word(k) ?? '')
      ) {
        value += ones;
        k += 1;
      }
    }
  } else if (value >= 20 && value < 100 && value % 10 === 0 && /^[a-z]/.test(word(0) ?? '')) {
    // "twenty four"
    const ones = simple(word(1));
    if (ones !== null && ones >= 1 && ones < 10 && /^[a-z]/.test(word(1) ?? '')) {
      value += ones;
      k = 2;
    }
  }
  return { value, length: k };
}

/**
 * A quantity starting at tokens[start], and how many tokens it took. A null value is a
 * quantity too vague to price ("a few", "some"), which still keeps "a" from reading as one.
 */
export function quantityAt(
  tokens: Token[],
  start: number,
): { value: number | null; length: number } | null {
  const word = (k: number) => {
    const token = tokens[start + k];
    return token && !token.used ? token.text : undefined;
  };
  const orSo = (length: number) => (word(length) === 'or' && word(length + 1) === 'so' ? 2 : 0);
  const dozens = (value: number, length: number) => {
    if (word(length) === 'dozen') return { value: value * 12, length: length + 1 };
    return null;
  };
  if (word(0) === 'half' && (word(1) === 'a' || word(1) === 'an') && word(2) === 'dozen') {
    return { value: 6, length: 3 };
  }
  if (word(0) === 'half' && word(1) === 'dozen') return { value: 6, length: 2 };
  if (word(0) === 'a' && word(1) === "baker's" && word(2) === 'dozen') {
    return { value: 13, length: 3 };
  }
  if (word(0) === "baker's" && word(1) === 'dozen') return { value: 13, length: 2 };
  const lead = word(0) === 'a' || word(0) === 'an' ? 1 : 0;
  if (word(lead) === 'couple' || word(lead) === 'pair') {
    const length = lead + 1;
    const dozen = dozens(2, length);
    if (dozen) return { ...dozen, length: dozen.length + orSo(dozen.length) };
    return { value: 2, length: length + (word(length) === 'of' ? 1 : 0) };
  }
  if (word(lead) === 'few' || word(lead) === 'several' || word(0) === 'some') {
    const length = lead + 1;
    if (word(length) === 'dozen') return { value: null, length: length + 1 };
    return { value: null, length: length + (word(length) === 'of' ? 1 : 0) };
  }
  // "a dozen and a half": eighteen.
  if (
    word(0) === 'a' &&
    word(1) === 'dozen' &&
    word(2) === 'and' &&
    word(3) === 'a' &&
    word(4) === 'half'
  ) {
    return { value: 18, length: 5 };
  }
  if (word(0) === 'a' && word(1) === 'dozen') return { value: 12, length: 2 + orSo(2) };
  if (word(0) === 'dozen') return { value: 12, length: 1 + orSo(1) };
  if (word(0) === 'a' || word(0) === 'an') {
    if (word(1) === 'hundred') return numberAt(tokens, start);
    return { value: 1, length: 1 };
  }
  const number = numberAt(tokens, start);
  if (!number) return null;
  // "two and a half dozen": thirty, not a half dozen on its own.
  const at = number.length;
  if (
    word(at) === 'and' &&
    word(at + 1) === 'a' &&
    word(at + 2) === 'half' &&
    word(at + 3) === 'dozen'
  ) {
    return { value: number.value * 12 + 6, length: at + 4 + orSo(at + 4) };
  }
  const dozen = dozens(number.value, number.length);
  if (dozen) return { ...dozen, length: dozen.length + orSo(dozen.length) };
  return { value: number.value, length: number.length + orSo(number.length) };
}
