import { type Allergen, type DietaryTag, ruledOutBy } from '../../../bakery/data';
import type { ItemResult } from '../../../bakery/results';
import { catalog } from './catalog';
import { fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';
import { agreeing } from './items';

const { agreement } = catalog;
const entries = catalog.labels;

/**
 * What an item's data says about what was asked: its allergens, its ingredients, what the
 * asked allergens are not among, the dietary tags asked about, and the cross-contact line. It
 * never calls an item free of an allergen the data does not rule out, and always says what the
 * kitchen may carry over.
 */
export function labels(
  w: Writer,
  found: ItemResult,
  asked: readonly Allergen[],
  diet: readonly DietaryTag[],
): Worded {
  const { v } = w;
  const name = found.name;
  const item = fill(entries.ourItem, { name: v.data(name) });
  const its = agreeing(agreement.its, name);
  const itIs = agreeing(agreement.itIs, name);
  if (found.allergens === null || found.mayContain === null) {
    return sentence(entries.notRecorded, { item });
  }
  const contains = found.allergens;
  const out: Worded[] = [
    contains.length > 0
      ? sentence(entries.contains, {
          item,
          contains: agreeing(agreement.contains, name),
          allergens: v.list(contains.map(v.data)),
        })
      : sentence(entries.noMajor, { item, has: agreeing(agreement.has, name), its }),
  ];
  if (found.ingredients) {
    const listed = found.ingredients.replace(/\.\s*$/, '');
    const ingredients = v.data(listed.charAt(0).toLowerCase() + listed.slice(1));
    out.push(sentence(entries.ingredients, { its, ingredients }));
  }
  const notIn = asked.filter((a) => !contains.includes(a));
  if (notIn.length > 0 && contains.length > 0) {
    const plural = notIn.length > 1 || /s$/.test(notIn[0] ?? '');
    out.push(
      sentence(entries.notAmong, {
        allergens: v.list(notIn.map(v.data)),
        isNot: fill(plural ? agreement.isNot.other : agreement.isNot.one),
        its,
      }),
    );
  }
  for (const tag of diet) out.push(dietLine(w, found, tag));
  const may = found.mayContain;
  out.push(
    may.length > 0
      ? sentence(may.length > 1 ? entries.mayContain.other : entries.mayContain.one, {
          itIs,
          allergens: v.list(may.map(v.data)),
          they: agreeing(agreement.itSubject, name),
        })
      : sentence(entries.traces, { itIs }),
  );
  return v.data(out.join(' '));
}

/** Whether the item carries a dietary tag, is ruled out of it, or is not listed with it. */
function dietLine(w: Writer, found: ItemResult, tag: DietaryTag): Worded {
  const slots = {
    itIs: agreeing(agreement.itIs, found.name),
    it: agreeing(agreement.it, found.name),
    tag: w.v.data(tag),
  };
  if (found.dietary.includes(tag)) return sentence(entries.diet.tagged, slots);
  if (ruledOutBy[tag].some((a) => found.allergens?.includes(a))) {
    return sentence(entries.diet.ruledOut, slots);
  }
  return sentence(entries.diet.notListed, slots);
}
