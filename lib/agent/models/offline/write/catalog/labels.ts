/**
 * What an item's recorded labels say: its allergens, its ingredients, what it may carry from the
 * kitchen and its dietary tags. Nothing here calls an item free of anything its data does not
 * rule out.
 */
export const labels = {
  ourItem: 'our {name}',
  notRecorded: "We haven't recorded the allergens for {item} here yet.",
  contains: '{item} {contains} {allergens}.',
  noMajor: '{item} {has} none of the major allergens among {its} ingredients.',
  ingredients: '{its} ingredients: {ingredients}.',
  notAmong: '{allergens} {isNot} among {its} ingredients.',
  diet: {
    tagged: '{itIs} {tag}.',
    ruledOut: 'So {itIs} not {tag}.',
    notListed: "We don't list {it} as {tag}.",
  },
  mayContain: {
    one: '{itIs} made in a kitchen that also handles {allergens}, so {they} may contain traces of it.',
    other:
      '{itIs} made in a kitchen that also handles {allergens}, so {they} may contain traces of them.',
  },
  traces: "{itIs} baked in a kitchen that handles other allergens, so we can't rule out traces.",
} as const;
