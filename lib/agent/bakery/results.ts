import { z } from 'zod';
import { needsPersonReasons } from '../types';
import { allergens, dietaryTags } from './data';
import type { HoursResult } from './facts';

/**
 * What each tool returns, as zod output schemas: the core checks every result against its
 * tool's schema and hands the typed value on beside the prose the model reads, so a reader of
 * results (the offline drafter) never parses that prose back.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const hours = z.object({ opens: hhmm, closes: hhmm });

export const hoursResultSchema: z.ZodType<HoursResult> = z.object({
  date: isoDate,
  weekday: z.string(),
  open: z.boolean(),
  opens: hhmm.nullable(),
  closes: hhmm.nullable(),
  exception: z.string().optional(),
  usual: hours.nullable().optional(),
});

/**
 * An item as the model reads it: the price worded as a reply writes it, and what the owner left
 * blank left out. menu_item only ever returns an available item, so only the list says which
 * are not. Allergens and cross-contact are null, never empty, while nobody has recorded them.
 */
export const itemResultSchema = z.object({
  name: z.string(),
  price: z.string(),
  noticeDays: z.number().int().nonnegative(),
  /** Only in the menu list, and only when the item is not available now. */
  available: z.literal(false).optional(),
  description: z.string().optional(),
  ingredients: z.string().optional(),
  allergens: z.array(z.enum(allergens)).nullable(),
  mayContain: z.array(z.enum(allergens)).nullable(),
  dietary: z.array(z.enum(dietaryTags)),
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const menuResultSchema = z.object({ items: z.array(itemResultSchema) });
export type MenuResult = z.infer<typeof menuResultSchema>;

/** What search_knowledge returns: the owner's entries as they wrote them, best first. */
export const knowledgeResultSchema = z.object({
  entries: z.array(z.object({ title: z.string(), answer: z.string() })),
});
export type KnowledgeResult = z.infer<typeof knowledgeResultSchema>;

export const markResultSchema = z.object({
  marked: z.literal(true),
  reason: z.enum(needsPersonReasons),
});

/** Money comes worded in the bakery's locale, as a reply writes it: the model does no arithmetic. */
const quoteLineSchema = z.object({
  item: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.string(),
  lineTotal: z.string(),
  noticeDays: z.number().int().nonnegative(),
  /** With a pickup day and notice to give: the last day to order for that pickup. */
  orderBy: z.object({ date: isoDate, weekday: z.string() }).optional(),
  /** With a pickup day: set (true) only when the line's notice is too short for it. */
  shortNotice: z.literal(true).optional(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** Why an asked pickup does not work, in the order a reply gives them. */
export const pickupProblems = ['passed', 'closed', 'outsideHours', 'shortNotice'] as const;
export type PickupProblem = (typeof pickupProblems)[number];

const earliestPickupSchema = z.object({
  date: isoDate,
  weekday: z.string(),
  /** The first time that works that day: opening time, or later today. */
  time: hhmm,
  opens: hhmm,
  closes: hhmm,
});
export type EarliestPickup = z.infer<typeof earliestPickupSchema>;

/**
 * A quote as the model reads it. Fields that would say nothing for this quote are absent rather
 * than null or empty, since every byte is sent again with each later turn of the draft.
 */
export const quoteResultSchema = z.object({
  lines: z.array(quoteLineSchema),
  /** Items asked for that are on the menu but not available now; not priced. Absent when none. */
  unavailable: z.array(z.string()).optional(),
  total: z.string(),
  /** With a pickup day: the day, its hours (judged as of now) and the asked time. */
  pickup: z.intersection(hoursResultSchema, z.object({ time: hhmm.nullable() })).optional(),
  /** With a pickup day: true exactly when nothing is in the way. */
  pickupWorks: z.boolean().optional(),
  /** Why the asked pickup does not work; absent when it works or no day was asked. */
  problems: z.array(z.enum(pickupProblems)).optional(),
  /**
   * Without a pickup day, or when it does not work: the earliest pickup that satisfies notice,
   * hours and holidays from now; null when nothing works in the next 30 days.
   */
  earliestPickup: earliestPickupSchema.nullable().optional(),
  /** When the asked pickup does not work or is today: the first that works on or after its day. */
  firstPickupFromDay: earliestPickupSchema.nullable().optional(),
});
export type QuoteResult = z.infer<typeof quoteResultSchema>;

/** What a failed lookup says in data: the menu's names of the items not available now. */
export const unavailableSchema = z.object({ unavailable: z.array(z.string()).min(1) });
export type Unavailable = z.infer<typeof unavailableSchema>;
