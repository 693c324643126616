import type { ItemResult } from '../../../bakery/results';
import { catalog } from './catalog';
import { type ByNumber, fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';
import { byName, isPluralName } from './values';

const { agreement } = catalog;
const entries = catalog.items;

/** "it" or "them", "is" or "are": the small word that agrees with a menu name. */
export function agreeing(entry: ByNumber, name: string): Worded {
  return fill(byName(entry, name));
}

/** "a rye loaf is $9.00", "cinnamon buns are $4.00 each". */
export function priceOf(w: Writer, name: string, price: string): Worded {
  const article = /^[aeiou]/i.test(name) ? agreement.article.vowel : agreement.article.consonant;
  return fill(byName(entries.price, name), {
    article: fill(article),
    name: w.v.data(name),
    price: w.v.data(price),
  });
}

/** "1 day's notice", "2 days' notice". */
export function notice(w: Writer, days: number): Worded {
  return fill(w.v.byCount(entries.notice, days), { days: w.v.digits(days) });
}

/** An item's price and the notice it needs. */
export function item(w: Writer, found: ItemResult): Worded {
  const slots = {
    price: priceOf(w, found.name, found.price),
    them: agreeing(agreement.it, found.name),
    notice: notice(w, found.noticeDays),
  };
  return sentence(found.noticeDays === 0 ? entries.noNotice : entries.withNotice, slots);
}

/** "I'm sorry, the rye loaf isn't available at the moment." */
export function unavailable(w: Writer, names: readonly string[]): Worded {
  const [only] = names;
  if (!only) return sentence(entries.somethingUnavailable);
  const things = w.v.list(names.map((name) => fill(entries.theItem, { name: w.v.data(name) })));
  const plural = names.length > 1 || isPluralName(only);
  return sentence(plural ? entries.unavailable.other : entries.unavailable.one, { things });
}

/** "I'm sorry, we don't make croissants or bagels." */
export function notMade(w: Writer, things: readonly Worded[]): Worded {
  return sentence(entries.notMade, { things: w.v.list(things, 'or') });
}

/** The menu's available items and their prices, as the answer or as what the bakery has instead. */
export function menu(w: Writer, items: readonly ItemResult[], instead: boolean): Worded {
  const available = items.filter((i) => i.available !== false);
  if (available.length === 0) return sentence(entries.menu.nothingAvailable);
  const listed = available.map((i) =>
    fill(byName(entries.menu.entry, i.name), { name: w.v.data(i.name), price: w.v.data(i.price) }),
  );
  return sentence(instead ? entries.menu.instead : entries.menu.all, {
    entries: w.v.list(listed),
  });
}
