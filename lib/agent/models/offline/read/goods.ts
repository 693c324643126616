import { nameKey } from '../../../bakery/names';
import {
  type BakedGood,
  bakedGoods,
  flavourWords,
  genericGoods,
  isBakedGood,
  notGoods,
  phraseBreaks,
} from '../words';
import { neutralBefore } from './items';
import { quantityAt } from './numbers';
import { claim, claimRange, type Token } from './tokens';

/**
 * Baked goods the question names that are not the menu's own items, as the desk's own words
 * (`bakedGoodWords`): "hot cross buns", "croissants". Words before a good that the word list
 * does not know ("pumpkin croissants") stay unread, for the coverage gate to see.
 */

const verbs =
  /^(have|sell|make|bake|want|need|like|get|order|buy|carry|do|any|some|stock|offer|bring|grab|reserve|pick|is|are|was|were)$/;

/** A word's key in the word list: "cookies" is "cookie", "loaves" is "loaf". */
function goodKey(word: string): string {
  const known = (key: string) => bakedGoods.has(key) || genericGoods.has(key);
  const key = nameKey(word);
  const plain = word.replace(/s$/, '');
  return !known(key) && known(plain) ? plain : key;
}

const isGood = (word: string) => bakedGoods.has(goodKey(word)) || genericGoods.has(goodKey(word));

function freeWord(tokens: Token[], k: number): boolean {
  const token = tokens[k];
  return Boolean(
    token && !token.used && /^[a-z][a-z'-]*$/.test(token.text) && !phraseBreaks.has(token.text),
  );
}

/** Whether tokens[k] may describe the good after it: "hot cross" in "hot cross buns". */
function describes(tokens: Token[], k: number): boolean {
  const text = tokens[k]?.text ?? '';
  return (
    freeWord(tokens, k) &&
    !notGoods.has(text) &&
    !neutralBefore(text) &&
    quantityAt(tokens, k) === null &&
    !verbs.test(text)
  );
}

/**
 * The word list's good a phrase ends with, longest first ("hot cross bun" before "bun"), and
 * where it starts in the phrase; else a single good anywhere in it ("croissant loaf").
 */
function goodOf(words: readonly string[]): { good: BakedGood; from: number; to: number } | null {
  const keys = words.map(goodKey);
  for (let from = 0; from < keys.length; from++) {
    const key = keys.slice(from).join(' ');
    if (isBakedGood(key)) return { good: key, from, to: keys.length };
  }
  const at = keys.findIndex((key) => bakedGoods.has(key));
  const key = keys[at];
  return key !== undefined && isBakedGood(key) ? { good: key, from: at, to: at + 1 } : null;
}

/** The phrase around a good at i: the words that say which before it, a noun after it. */
function phraseAt(tokens: Token[], i: number): { from: number; to: number } {
  let from = i;
  while (from > i - 2 && describes(tokens, from - 1)) from--;
  // "brioche buns", "croissant loaf": the good names the kind, the noun after it the thing.
  let to = i;
  while (to < i + 2 && freeWord(tokens, to + 1) && isGood(tokens[to + 1]?.text ?? '')) to++;
  return { from, to: to + 1 };
}

/** "six croissants", "a dozen bagels": the noun after a quantity, when it is a good. */
function countedGood(tokens: Token[], i: number): { good: BakedGood; at: number } | null {
  const quantity = quantityAt(tokens, i);
  if (!quantity || tokens[i]?.text === 'a' || tokens[i]?.text === 'an') return null;
  const noun = i + quantity.length;
  if (!freeWord(tokens, noun)) return null;
  const key = goodKey(tokens[noun]?.text ?? '');
  return isBakedGood(key) ? { good: key, at: noun } : null;
}

export function readGoods(tokens: Token[]): BakedGood[] {
  const found: BakedGood[] = [];
  const add = (good: BakedGood) => {
    if (!found.includes(good)) found.push(good);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    if (freeWord(tokens, i) && isGood(token.text)) {
      // After "for" a good is a claim, not an ask: "good for sandwiches" (but "looking for bagels").
      const use_ =
        tokens[i - 1]?.text === 'for' &&
        !/^(looking|searching|hoping)$/.test(tokens[i - 2]?.text ?? '');
      const { from, to } = phraseAt(tokens, i);
      const words = tokens.slice(from, to).map((t) => t.text);
      const named = goodOf(words);
      if (named && !use_) add(named.good);
      // "bread" alone names no kind the menu lacks, but it is read.
      if (named) claimRange(tokens, from + named.from, from + named.to, 'good');
      else claim(tokens, i, 'good');
      // The words that say which kind, from the desk's list: "chocolate", "seeded".
      for (let k = from; k < to; k++) {
        if (flavourWords.has(tokens[k]?.text ?? '')) claim(tokens, k, 'good');
      }
      i = Math.max(i, named ? from + named.to - 1 : i);
      continue;
    }
    const counted = countedGood(tokens, i);
    if (counted) {
      add(counted.good);
      claim(tokens, counted.at, 'good');
    }
  }
  return found;
}
