import type { Allergen, DietaryTag } from '../../bakery/data';
import { claimPattern, type Token } from './read/tokens';

/** The major allergens and dietary tags a question names, in the customer's words. */

const allergenWords: { allergen: Allergen[]; pattern: RegExp }[] = [
  { allergen: ['wheat/gluten'], pattern: /\b(gluten|wheat|celiac|coeliac)\b/ },
  { allergen: ['milk'], pattern: /\b(milk|dairy|lactose)\b/ },
  { allergen: ['eggs'], pattern: /\b(eggs?)\b/ },
  { allergen: ['peanuts'], pattern: /\b(peanuts?)\b/ },
  {
    allergen: ['tree nuts'],
    pattern: /\b(tree nuts?|almonds?|walnuts?|hazelnuts?|pecans?|cashews?|pistachios?)\b/,
  },
  // "Nuts" alone may mean either kind: both are answered.
  { allergen: ['tree nuts', 'peanuts'], pattern: /(?<!tree |pea)\b(nuts?|nut[- ]free)\b/ },
  { allergen: ['sesame'], pattern: /\bsesame\b/ },
  { allergen: ['soy'], pattern: /\b(soy|soya)\b/ },
  { allergen: ['fish'], pattern: /\bfish\b/ },
  { allergen: ['shellfish'], pattern: /\bshellfish\b/ },
  { allergen: ['mustard'], pattern: /\bmustard\b/ },
  { allergen: ['lupin'], pattern: /\blupin\b/ },
  { allergen: ['celery'], pattern: /\bceleriac|celery\b/ },
  { allergen: ['sulphites'], pattern: /\b(sulph?ites?|sulfites?)\b/ },
];

const dietaryWords: { tag: DietaryTag; pattern: RegExp }[] = [
  { tag: 'vegan', pattern: /\bvegan\b/ },
  { tag: 'vegetarian', pattern: /\bvegetarian\b/ },
  { tag: 'gluten-free', pattern: /\bgluten[- ]free\b/ },
  { tag: 'dairy-free', pattern: /\b(dairy[- ]free|lactose[- ]free)\b/ },
];

/** The allergens named; their words are claimed as labels when `tokens` are given. */
export function allergensNamed(text: string, tokens?: Token[]): Allergen[] {
  const found = new Set<Allergen>();
  for (const { allergen, pattern } of allergenWords) {
    if (tokens) claimPattern(tokens, text, pattern, 'label');
    if (pattern.test(text)) for (const a of allergen) found.add(a);
  }
  return [...found];
}

/** The dietary tags named; their words are claimed as labels when `tokens` are given. */
export function dietaryNamed(text: string, tokens?: Token[]): DietaryTag[] {
  if (tokens) for (const { pattern } of dietaryWords) claimPattern(tokens, text, pattern, 'label');
  return dietaryWords.filter(({ pattern }) => pattern.test(text)).map(({ tag }) => tag);
}
