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

export type MenuItemData = {
  name: string;
  priceCents: number;
  noticeDays: number;
  available: boolean;
  description: string | null;
};

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
};

/**
 * Trusted context from the app: the tools never take "today" from what a model wrote.
 * `askedAt` is when the question arrived: "today", "tomorrow" and weekdays are read as of then.
 * `now` is when the draft is made: whether a pickup is still possible is judged as of now.
 */
export type Clock = { now: Date; askedAt: Date };
