/** The draft's frame: greeting, sign-off, and what a draft says when a lookup fails. */
export const frame = {
  greeting: { plain: 'Hi,', named: 'Hi {name},' },
  signOff: 'Thank you,\n{bakery}',
  /** A lookup that failed: the customer hears the details will be confirmed. */
  notLookedUp: "I couldn't look up {things} just now; we'll confirm those details.",
  yourOrder: 'your order',
  ourMenu: 'our menu',
  /** Nothing was asked that the drafter could answer, and nobody was asked to answer it. */
  askWhat:
    'Could you tell us which items you would like, and the day and time you would like to pick them up? We will get right back to you.',
  /** The owner's knowledge entry, cited by its title. */
  knowledge: 'From our notes on {title}: {answer}',
} as const;

/** The small words sentences agree in: "it" or "them", "is" or "are". */
export const agreement = {
  it: { one: 'it', other: 'them' },
  itSubject: { one: 'it', other: 'they' },
  its: { one: 'its', other: 'their' },
  itIs: { one: "it's", other: "they're" },
  is: { one: 'is', other: 'are' },
  isNot: { one: "isn't", other: "aren't" },
  contains: { one: 'contains', other: 'contain' },
  has: { one: 'has', other: 'have' },
  article: { consonant: 'a', vowel: 'an' },
  /** "our bakes": what goes into them, when no item was named. */
  ourBakes: 'our bakes',
} as const;
