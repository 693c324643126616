/**
 * What the offline reader hands the writer beyond the planned lookups: closed values only, so the
 * writer can never put a customer's own words into a sentence.
 */

/** The languages the drafter answers in: English in full, the others with a short holding reply. */
export const draftLanguages = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl'] as const;
export type DraftLanguage = (typeof draftLanguages)[number];

/**
 * A part of the question the reader could not read with certainty. The writer says it in the
 * bakery's own words ("I couldn't tell which day you'd like to pick up"), never the customer's.
 */
export type UnclearPart =
  /** Words no extractor claimed: something was asked that the drafter did not understand. */
  | 'unreadWords'
  /** Two different days for one pickup. */
  | 'conflictingDays'
  /** Two different times for one pickup. */
  | 'conflictingTimes'
  /** Two different quantities for one item. */
  | 'conflictingQuantities'
  /** Nothing in the question was understood: the honest holding reply, never a guess. */
  | 'nothingUnderstood';

/** How well the question was read: the coverage gate's verdict. */
export type Understanding = {
  language: DraftLanguage;
  /** Empty when every content word was claimed and no spans conflict. */
  unclear: readonly UnclearPart[];
};
