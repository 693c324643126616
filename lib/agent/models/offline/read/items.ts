import { nameKey, sameWord, singular } from '../../../bakery/names';
import {
  approximations,
  bakedGoods,
  genericGoods,
  numberWords,
  phraseBreaks,
  quantityFillers,
} from '../words';
import { typoDistance, weekdayOf } from './dates';
import { quantityAt } from './numbers';
import { quantityAfter, quantityBefore, quantityTrailing } from './quantities';
import { claim, claimRange, type Token } from './tokens';

/** Menu items by the bakery's own names, with the quantity written beside each. */

export type Found = { name: string; quantity: number | null; at: number };

/**
 * The menu items a question names, each with its quantity; an item named twice with two
 * different counts is a conflict for the coverage gate.
 */
export function readItems(
  tokens: Token[],
  menu: readonly string[],
): { items: Found[]; conflicts: 'conflictingQuantities'[] } {
  const { found, conflicts } = namedItems(tokens, menu);
  countedLater(tokens, found);
  loneNumber(tokens, found);
  return { items: found, conflicts };
}

function namedItems(
  tokens: Token[],
  menu: readonly string[],
): { found: Found[]; conflicts: 'conflictingQuantities'[] } {
  const found: Found[] = [];
  const conflicts: 'conflictingQuantities'[] = [];
  const menuWords = menu.map((name) => nameKey(name).split(' '));
  for (let i = 0; i < tokens.length; i++) {
    const match = matchMenuAt(tokens, i, menu, menuWords);
    if (!match) continue;
    claimRange(tokens, i, i + match.length, 'item');
    const before = quantityBefore(tokens, i);
    const quantity =
      before?.value ??
      quantityAfter(tokens, i + match.length) ??
      quantityTrailing(tokens, i + match.length);
    const already = found.find((item) => item.name === match.name);
    if (!already) found.push({ name: match.name, quantity, at: i });
    else if (
      already.quantity === null ||
      (already.quantity === 1 && quantity !== null && quantity > 1)
    ) {
      // Named twice, the mention with a count is the order: "$7 a loaf for rye … 2 rye loaves".
      if (quantity !== null) {
        already.quantity = quantity;
        already.at = i;
      }
    } else if (
      quantity !== null &&
      quantity > 1 &&
      already.quantity > 1 &&
      quantity !== already.quantity
    ) {
      conflicts.push('conflictingQuantities');
    }
    i += match.length - 1;
  }
  return { found, conflicts };
}

/** "8 of them", "a dozen of those": the quantity belongs to the item named before it. */
function countedLater(tokens: Token[], found: Found[]): void {
  tokens.forEach((token, i) => {
    if (token.used) return;
    const lone = quantityAt(tokens, i);
    if (!lone || lone.value === null) return;
    const next = tokens[i + lone.length]?.text ?? '';
    const after = tokens[i + lone.length + 1]?.text ?? '';
    const anaphor =
      (next === 'of' && /^(them|those|these|'em|it)$/.test(after)) || /^(of them|more)$/.test(next);
    if (!anaphor) return;
    const earlier = found.filter((item) => item.at < i);
    const target = earlier[earlier.length - 1] ?? (found.length === 1 ? found[0] : undefined);
    if (target && (target.quantity === null || target.quantity === 1)) {
      target.quantity = lone.value;
      claimRange(tokens, i, i + lone.length, 'quantity');
    }
  });
}

/**
 * "How much is a rye loaf, and how much notice do you need for three?": a lone number left
 * over belongs to the only item asked about.
 */
function loneNumber(tokens: Token[], found: Found[]): void {
  const only = found.length === 1 ? found[0] : undefined;
  if (only && (only.quantity === null || only.quantity === 1)) {
    tokens.forEach((token, i) => {
      if (token.used) return;
      const lone = quantityAt(tokens, i);
      const after = tokens[i + (lone?.length ?? 0)]?.text ?? '.';
      // "how much would 30 cost?", "what would 40 come to?"
      const priced = /^(cost|costs|come|be|run|total)$/.test(after);
      // "I need rolls. Like 50." A number on its own after "like" or "maybe" is how many.
      const loose =
        /^(like|maybe|say|roughly|approximately|need|want|order|get|take|grab|reserve)$/.test(
          tokens[i - 1]?.text ?? '',
        ) &&
        (/^[?.!,;]$|^(total|please|pls|pieces|pcs|for|on|by|tomorrow|today|this|next)$/.test(
          after,
        ) ||
          weekdayOf(after, '', '') !== null);
      const forOne = tokens[i - 1]?.text === 'for' && /^[?.!,;]$|^(of|please|on|by)$/.test(after);
      if (lone?.value && lone.value > 1 && (priced || forOne || loose)) {
        only.quantity = lone.value;
        claim(tokens, i, 'quantity');
      }
    });
  }
  return;
}

/** Words that may stand before a generic noun ("buns") without naming another kind of it. */
export function neutralBefore(word: string | undefined): boolean {
  if (word === undefined) return true;
  if (!/^[a-z]/.test(word)) return true;
  return (
    phraseBreaks.has(word) ||
    quantityFillers.has(word) ||
    approximations.has(word) ||
    numberWords[word] !== undefined ||
    /^(dozen|few|couple|pair|several|some|more|them|those|these|your|our|my|get|want|need|like|order|buy|have|sell|make|bake|do|fresh|warm|extra|please|also|just|only|x|i'd|i'll|we'd|we'll|pick|up|grab|reserve|collect|hold|any|usual|famous|delicious|yummy|tasty|great|lovely|nice|good|those|baker's|half|hundred)$/.test(
      word,
    )
  );
}

function matchMenuAt(
  tokens: Token[],
  start: number,
  menu: readonly string[],
  menuWords: string[][],
): { name: string; length: number } | null {
  const free = (k: number) => {
    const token = tokens[k];
    return token && !token.used && /^[a-z]/.test(token.text) ? token.text : null;
  };
  // The whole name first ("sourdough rolls"); in a name of two words or more, one short word
  // may carry one typo when the others are right ("rey loaf").
  for (let m = 0; m < menu.length; m++) {
    const words = menuWords[m] as string[];
    const window = words.map((_, k) => free(start + k));
    if (window.some((w) => w === null)) continue;
    const off = window.filter((w, k) => !sameWord(w as string, words[k] as string));
    const nearly =
      words.length > 1 &&
      off.length === 1 &&
      window.some((w, k) => w === words[k] || singular(w as string) === words[k]) &&
      window.every(
        (w, k) =>
          sameWord(w as string, words[k] as string) ||
          ((w as string).length >= 2 && typoDistance(w as string, words[k] as string) <= 1),
      );
    if (off.length === 0 || nearly) {
      return { name: menu[m] as string, length: words.length };
    }
  }
  const word = free(start);
  if (word === null || phraseBreaks.has(word) || word.length < 3) return null;
  const isGeneric = genericGoods.has(singular(word));
  const uniqueWord = (w: string) =>
    menuWords.filter((other) => other.some((o) => sameWord(o, w))).length === 1;
  if (!isGeneric) {
    // One telling word: "rye", "sourdough", "cinnamon".
    const telling = menu.filter((_, m) => {
      const words = menuWords[m] as string[];
      return words.some((w) => !genericGoods.has(w) && sameWord(word, w) && uniqueWord(w));
    });
    if (telling.length !== 1) return null;
    const name = telling[0] as string;
    const own = (menuWords[menu.indexOf(name)] as string[]).find((w) => genericGoods.has(w));
    const next = free(start + 1);
    if (next !== null && genericGoods.has(singular(next))) {
      // "rye bread" is the rye loaf; "sourdough loaf" is not the sourdough rolls.
      const nextKind = singular(next);
      if (nextKind === 'bread' || own === undefined || nextKind === own) {
        return { name, length: 2 };
      }
      return null;
    }
    if (next !== null && bakedGoods.has(singular(next))) return null;
    return { name, length: 1 };
  }
  // A generic word alone ("the buns") is the one menu item of that kind, unless the words
  // before it name another kind ("hot cross buns", "dinner rolls").
  const kind = singular(word);
  const ofKind = menu.filter((_, m) => (menuWords[m] as string[]).some((w) => w === kind));
  if (ofKind.length !== 1) return null;
  if (!neutralBefore(tokens[start - 1]?.used ? undefined : tokens[start - 1]?.text)) return null;
  return { name: ofKind[0] as string, length: 1 };
}
