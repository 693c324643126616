import { z } from 'zod';

/*
 * What the trace reads of a lookup's stored result, checked before any sentence is built: runs
 * are kept for as long as their conversations, so a result may come from an older release, be
 * cut short or be written by hand, and a shape the sentences do not know is worded generally
 * rather than failing the question's page. Only the fields the sentences use are named.
 */

const names = z.array(z.string());

export const storedHours = z.object({
  date: z.string(),
  open: z.boolean(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  exception: z.string().optional(),
});

export const storedItem = z.object({
  name: z.string(),
  price: z.string(),
  noticeDays: z.number(),
  available: z.literal(false).optional(),
  allergens: names.nullable(),
  mayContain: names.nullable().optional(),
  dietary: names,
});

export const storedMenu = z.object({ items: z.array(storedItem) });

const storedPickup = z.object({ date: z.string(), time: z.string() });

export const storedQuote = z.object({
  lines: z.array(z.object({ item: z.string(), quantity: z.number() })),
  total: z.string(),
  unavailable: names.optional(),
  pickup: z.object({ date: z.string(), time: z.string().nullable().optional() }).optional(),
  pickupWorks: z.boolean().optional(),
  problems: z.array(z.enum(['passed', 'closed', 'outsideHours', 'shortNotice'])).optional(),
  earliestPickup: storedPickup.nullable().optional(),
});

export const storedKnowledge = z.object({
  entries: z.array(z.object({ title: z.string() })).optional(),
});

export type StoredHours = z.infer<typeof storedHours>;
export type StoredItem = z.infer<typeof storedItem>;
export type StoredMenu = z.infer<typeof storedMenu>;
export type StoredQuote = z.infer<typeof storedQuote>;
export type StoredKnowledge = z.infer<typeof storedKnowledge>;
