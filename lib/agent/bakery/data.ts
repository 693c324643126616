/**
 * The bakery as the agent sees it: plain data the app maps its database rows into, so the
 * agent never depends on the database.
 */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** "HH:MM", 24-hour, in the bakery's timezone. */
export type Hours = { opens: string; closes: string };

export type DateException = {
  /** YYYY-MM-DD in the bakery's timezone. */
  date: string;
  closed: boolean;
  opens: string | null;
  closes: string | null;
  note: string | null;
};

/** The major allergens, as labels print them; the owner ticks them per item. */
export const allergens = [
  'wheat/gluten',
  'milk',
  'eggs',
  'tree nuts',
  'peanuts',
  'sesame',
  'soy',
  'fish',
  'shellfish',
  'mustard',
  'lupin',
  'celery',
  'sulphites',
] as const;
export type Allergen = (typeof allergens)[number];

export const dietaryTags = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'] as const;
export type DietaryTag = (typeof dietaryTags)[number];

/** The allergens that rule a dietary tag out: a vegan item never contains milk. */
export const ruledOutBy: Record<DietaryTag, readonly Allergen[]> = {
  vegan: ['milk', 'eggs', 'fish', 'shellfish'],
  vegetarian: ['fish', 'shellfish'],
  'gluten-free': ['wheat/gluten'],
  'dairy-free': ['milk'],
};

export type MenuItemData = {
  name: string;
  priceCents: number;
  noticeDays: number;
  available: boolean;
  description: string | null;
  /** The allergens in it; null (or absent) while nobody has recorded them. */
  allergens?: Allergen[] | null;
  /** Allergens it may carry from the kitchen (cross-contact); null while not recorded. */
  mayContain?: Allergen[] | null;
  dietary?: DietaryTag[];
  /** The ingredients line, as the owner writes it. */
  ingredients?: string | null;
};

/** One of the owner's knowledge entries, as the search tool returns it. */
export type KnowledgeHit = {
  id: number;
  title: string;
  answer: string;
  tags: string[];
};

/**
 * Finds the owner's switched-on knowledge entries by a customer's words, best first. The shell
 * passes one in (full-text search in the database); the agent only reads through it.
 */
export type KnowledgeSearch = (query: string, limit: number) => Promise<KnowledgeHit[]>;

export type BakeryData = {
  name: string;
  /** An IANA zone, e.g. America/New_York: every date and time is read in it. */
  timezone: string;
  contact: string;
  /** A BCP 47 locale ("en-US"): how drafts word dates, times and money for customers. */
  locale: string;
  /** An ISO 4217 code ("USD"): the currency prices are in. */
  currency: string;
  /** ISO weekday (1 = Monday … 7 = Sunday) to its hours; null is closed. */
  weeklyHours: Record<IsoWeekday, Hours | null>;
  dateExceptions: DateException[];
  menu: MenuItemData[];
  /** The owner's own topics that always go to a person (a few words each). */
  handoverTopics?: string[];
};

/**
 * Trusted context from the app: the tools never take "today" from what a model wrote.
 * `askedAt` is when the question arrived: "today", "tomorrow" and weekdays are read as of then.
 * `now` is when the draft is made: whether a pickup is still possible is judged as of now.
 */
export type Clock = { now: Date; askedAt: Date };
