import { quantityFillers } from '../words';
import { quantityAt } from './numbers';
import { claim, type Token } from './tokens';

/** The quantity written beside a menu item: before it, after it ("x6"), or trailing ("- maybe 20"). */

/** The quantity written just before tokens[end], skipping "of the", "loaves of" and the like. */
export function quantityBefore(
  tokens: Token[],
  end: number,
): { value: number | null; start: number } | null {
  // Every place the quantity may end: right before the item, or before "of the", "loaves of"…
  const stops = [end];
  let stop = end;
  while (stop > 0 && quantityFillers.has(tokens[stop - 1]?.text ?? '') && !tokens[stop - 1]?.used) {
    stop--;
    stops.push(stop);
  }
  for (const at of stops.reverse()) {
    for (let start = Math.max(0, at - 6); start < at; start++) {
      const found = quantityAt(tokens, start);
      if (found && start + found.length === at) {
        for (let k = start; k < end; k++) claim(tokens, k, 'quantity');
        return { value: found.value, start };
      }
    }
  }
  return null;
}

/** "cinnamon buns x6", "rye loaf x 2", "sourdough rolls: 12". */
export function quantityAfter(tokens: Token[], start: number): number | null {
  const text = tokens[start]?.text;
  if (text !== 'x' && text !== '×' && text !== ':' && text !== '(') return null;
  const found = quantityAt(tokens, start + 1);
  if (!found || found.value === null || !/^\d/.test(tokens[start + 1]?.text ?? '')) return null;
  for (let k = start; k < start + 1 + found.length; k++) claim(tokens, k, 'quantity');
  return found.value;
}

const trailingLead = new Set(['-', ',', '(', 'maybe', 'like', 'roughly', 'approximately', 'say']);

/** "sourdough rolls - maybe 2 dozen or so -": a quantity after its item, with nothing after it. */
export function quantityTrailing(tokens: Token[], start: number): number | null {
  let at = start;
  while (at < start + 3 && trailingLead.has(tokens[at]?.text ?? '')) at++;
  if (at === start) return null;
  const found = quantityAt(tokens, at);
  if (!found || found.value === null || /^(a|an)$/.test(tokens[at]?.text ?? '')) return null;
  const next = tokens[at + found.length];
  if (
    next &&
    /^[a-z]/.test(next.text) &&
    !/^(for|on|please|pls|by|and|total|in|of)$/.test(next.text)
  ) {
    return null;
  }
  if (next && /^(am|pm|:)$/.test(next.text)) return null;
  for (let k = at; k < at + found.length; k++) claim(tokens, k, 'quantity');
  return found.value;
}
