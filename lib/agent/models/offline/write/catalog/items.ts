/** An item's price and notice, items not on the menu or not available, and the menu itself. */
export const items = {
  price: { one: '{article} {name} is {price}', other: '{name} are {price} each' },
  notice: { one: "{days} day's notice", other: "{days} days' notice" },
  noNotice: '{price}, and we need no notice for {them}.',
  withNotice: '{price}, and we need {notice} for {them}.',
  notMade: "I'm sorry, we don't make {things}.",
  unavailable: {
    one: "I'm sorry, {things} isn't available at the moment.",
    other: "I'm sorry, {things} aren't available at the moment.",
  },
  theItem: 'the {name}',
  somethingUnavailable: "I'm sorry, something in that order isn't available at the moment.",
  menu: {
    nothingAvailable: "Nothing on our menu is available at the moment, I'm sorry.",
    all: 'Our menu: {entries}.',
    instead: 'What we do have: {entries}.',
    entry: { one: '{name} ({price})', other: '{name} ({price} each)' },
  },
} as const;
