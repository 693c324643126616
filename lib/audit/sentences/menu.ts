import { type Wording, wordMoney } from '@/lib/agent/bakery/wording';
import { changed, clausesFor, counted, numbered, type Sentence, wordList } from '../phrases';
import { type Details, listOf, textOf } from '../read-details';

/** The item's name as the row kept it; an older row without one gives its number. */
function itemName(details: Details, other: Details, id: string | null): string {
  return textOf(details, 'name') ?? textOf(other, 'name') ?? numbered('a menu item', id);
}

function menuFields(wording: Wording) {
  const money = (value: unknown) =>
    typeof value === 'number' ? wordMoney(value, wording) : 'no price';
  const notice = (value: unknown) =>
    typeof value !== 'number' || value <= 0
      ? 'no notice'
      : value === 1
        ? '1 day’s notice'
        : `${value} days’ notice`;
  return {
    priceCents: { what: 'the price', word: money },
    noticeDays: { what: 'the notice', word: notice },
    available: {
      what: 'availability',
      word: (value: unknown) => (value === false ? 'off sale' : 'on sale'),
    },
    description: { what: 'the description' },
    allergens: { what: 'the allergens', word: wordList },
    mayContain: { what: 'what it may contain', word: wordList },
    dietary: { what: 'the dietary tags', word: wordList },
    ingredients: { what: 'the ingredients' },
  };
}

export const menuSentences = {
  'menu.add': ({ actor, after, entityId }) =>
    `${actor} added ${itemName(after, {}, entityId)} to the menu`,
  'menu.update': ({ actor, before, after, entityId, wording }) => {
    const name = itemName(before, after, entityId);
    const clauses = clausesFor(before, after, menuFields(wording));
    const newName = textOf(after, 'name');
    const renamed = newName !== undefined && textOf(before, 'name') !== newName;
    if (renamed && clauses.length === 0) return `${actor} renamed ${name} to ${newName}`;
    const [only] = clauses;
    if (!renamed && clauses.length === 1 && only?.what === 'availability') {
      return only.to === 'off sale'
        ? `${actor} took ${name} off sale`
        : `${actor} put ${name} back on sale`;
    }
    if (renamed) clauses.unshift({ what: 'the name', to: newName });
    return changed(actor, name, clauses);
  },
  'menu.available': ({ actor, before, after, entityId }) =>
    `${actor} put ${itemName(before, after, entityId)} back on sale`,
  'menu.unavailable': ({ actor, before, after, entityId }) =>
    `${actor} took ${itemName(before, after, entityId)} off sale`,
  'menu.remove': ({ actor, before, entityId }) =>
    `${actor} removed ${itemName(before, {}, entityId)} from the menu`,
  'menu.replace': ({ actor, beforeValue, afterValue }) => {
    const was = listOf(beforeValue).length;
    const now = listOf(afterValue).length;
    if (now === 0) return `${actor} emptied the menu (${counted(was, 'item')} removed)`;
    if (was === 0) return `${actor} imported a menu of ${counted(now, 'item')}`;
    return `${actor} replaced the menu’s ${counted(was, 'item')} with ${counted(now, 'imported item')}`;
  },
} satisfies Record<string, Sentence>;
