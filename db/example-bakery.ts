import type { BakeryData } from '@/lib/agent/bakery/data';

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
    },
    { name: 'rye loaf', priceCents: 900, noticeDays: 1, description: 'Dark rye with caraway.' },
    {
      name: 'cinnamon buns',
      priceCents: 400,
      noticeDays: 1,
      description: 'Cardamom dough, brown-butter glaze.',
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
