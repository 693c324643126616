import type { Allergen, BakeryData, DietaryTag } from '@/lib/agent/bakery/data';

type ExampleItem = {
  name: string;
  priceCents: number;
  noticeDays: number;
  description: string;
  allergens: Allergen[];
  mayContain: Allergen[];
  dietary: DietaryTag[];
  ingredients: string;
};

/** The bakery a fresh desk starts with, so a new user sees a working desk at once. */
export const exampleBakery = {
  name: 'Juniper Street Bakery',
  timezone: 'America/New_York',
  contact: 'Call us at (555) 014-2210 or reply to this message.',
  /** ISO weekday (1 = Monday) to hours; null is closed. */
  weeklyHours: {
    1: null,
    2: { opens: '07:00', closes: '15:00' },
    3: { opens: '07:00', closes: '15:00' },
    4: { opens: '07:00', closes: '15:00' },
    5: { opens: '07:00', closes: '15:00' },
    6: { opens: '08:00', closes: '13:00' },
    7: null,
  } as Record<1 | 2 | 3 | 4 | 5 | 6 | 7, { opens: string; closes: string } | null>,
  menu: [
    {
      name: 'sourdough rolls',
      priceCents: 150,
      noticeDays: 2,
      description: 'Naturally leavened, sold by the roll.',
      allergens: ['wheat/gluten'],
      mayContain: ['sesame'],
      dietary: ['vegan', 'vegetarian', 'dairy-free'],
      ingredients: 'Wheat flour, water, sourdough starter, salt.',
    },
    {
      name: 'rye loaf',
      priceCents: 900,
      noticeDays: 1,
      description: 'Dark rye with caraway.',
      allergens: ['wheat/gluten'],
      mayContain: ['sesame', 'tree nuts'],
      dietary: ['vegan', 'vegetarian', 'dairy-free'],
      ingredients: 'Rye flour, wheat flour, water, sourdough starter, caraway seeds, salt.',
    },
    {
      name: 'cinnamon buns',
      priceCents: 400,
      noticeDays: 1,
      description: 'Cardamom dough, brown-butter glaze.',
      allergens: ['wheat/gluten', 'milk', 'eggs'],
      mayContain: ['tree nuts', 'sesame'],
      dietary: ['vegetarian'],
      ingredients: 'Wheat flour, butter, milk, eggs, sugar, cinnamon, cardamom, yeast, salt.',
    },
  ] satisfies ExampleItem[],
  /** What the owner of a fresh desk has already written down, so drafts show the feature. */
  knowledge: [
    {
      title: 'Delivery radius and fee',
      answer:
        'We deliver within 3 miles of the shop, Tuesday to Saturday, for a $5 fee (free on orders over $40). Please order by 3 pm the day before.',
      tags: ['delivery'],
    },
    {
      title: 'Custom cakes',
      answer:
        'Custom cakes need at least 3 days’ notice and a 50% deposit when you order. Tell us the size, the flavour and any writing you would like.',
      tags: ['cakes', 'custom orders'],
    },
    {
      title: 'Payment',
      answer: 'We accept cards (Visa, Mastercard, American Express and contactless) and cash.',
      tags: ['payment', 'cards', 'cash'],
    },
  ],
  sampleQuestions: [
    {
      customerName: 'Maya Ortiz',
      customerEmail: 'maya@example.com',
      text: 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
    },
    {
      customerName: 'Sam Lee',
      customerEmail: null,
      text: 'Are you open on Monday? And what time do you close on Friday?',
    },
    {
      customerName: 'Priya Nair',
      customerEmail: 'priya@example.com',
      text: 'Do you sell croissants? I would like a dozen for Sunday brunch.',
    },
    {
      customerName: 'Tom Becker',
      customerEmail: 'tom@example.com',
      text: 'How much is a rye loaf, and how much notice do you need for three?',
    },
    {
      customerName: 'Ana Souza',
      customerEmail: null,
      text: "What's on the menu this week?",
    },
  ],
};

/**
 * The example bakery as the agent reads it, as a freshly seeded desk would hand it over: the
 * eval drafts against it without a database, and tests start from it.
 */
export function exampleBakeryData(): BakeryData {
  return {
    name: exampleBakery.name,
    timezone: exampleBakery.timezone,
    contact: exampleBakery.contact,
    locale: 'en-US',
    currency: 'USD',
    weeklyHours: { ...exampleBakery.weeklyHours },
    dateExceptions: [],
    menu: exampleBakery.menu.map((item) => ({ ...item, available: true })),
  };
}
