/**
 * The catalog's templates: fixed text with named slots ("{price}"). A slot takes only a
 * `Worded` value, which the writer makes from a tool's typed data, the bakery's own names, the
 * catalog itself or the curated word lists: never from the customer's text.
 */

declare const wordedBrand: unique symbol;

/** Text fit for a draft: a tool's value worded for people, a bakery's name, or catalog text. */
export type Worded = string & { readonly [wordedBrand]: true };

/** A catalog entry: its fixed text, with `{slot}` where a worded value goes. */
export type Template = string;

/** Entries that differ by grammatical number: the `one` and `other` of Intl.PluralRules. */
export type ByNumber = { readonly one: Template; readonly other: Template };

export type Slots = Readonly<Record<string, Worded>>;

const slotPattern = /\{(\w+)\}/g;

/** Marks text as fit for a draft. Only the writer's value makers and the catalog call it. */
export function worded(text: string): Worded {
  return text as Worded;
}

/** A fragment: the template with its slots filled, as written. */
export function fill(template: Template, slots: Slots = {}): Worded {
  return worded(
    template.replace(slotPattern, (_, key: string) => {
      const value = slots[key];
      if (value === undefined) throw new Error(`The catalog entry "${template}" needs {${key}}.`);
      return value;
    }),
  );
}

/** A sentence: the template filled, starting with a capital letter. */
export function sentence(template: Template, slots: Slots = {}): Worded {
  return capitalized(fill(template, slots));
}

export function capitalized(text: Worded): Worded {
  return worded(text.charAt(0).toUpperCase() + text.slice(1));
}

/** A catalog entry's fixed text: the template without its slots. */
export function fixedText(template: Template): string {
  return template.replace(slotPattern, ' ');
}

/** Every template in a catalog part, however deeply its entries are grouped. */
export function templatesIn(part: unknown): Template[] {
  if (typeof part === 'string') return [part];
  if (part === null || typeof part !== 'object') return [];
  return Object.values(part).flatMap(templatesIn);
}
