import type { Allergen, DietaryTag } from '../../../bakery/data';
import type { PersonTopic } from '../topics';
import type { DraftLanguage, UnclearPart } from '../understanding';
import type { BakedGood } from '../words';
import type { NamedDay } from './named-days';

/**
 * A question read into closed values only: the menu's own names, days as the tools take them,
 * HH:MM, numbers, enums and the desk's own word lists. Nothing in it is the customer's text, so
 * nothing planned from it can put their words into a sentence.
 */
export type Frame = {
  /** 'en', or the other language the question is written in: the drafter reads English only. */
  language: DraftLanguage;
  /** Items on the menu, by their menu name, with the quantity the customer wrote (if any). */
  items: { name: string; quantity: number | null; day?: string }[];
  /** A quantity no item took, when the question names no item: "I'll take 3". */
  count: number | null;
  /** Goods the question names from the desk's word list, which the menu may not have. */
  offMenu: BakedGood[];
  /** Days as the tools accept them: a weekday, "next Friday", "today", "tomorrow" or YYYY-MM-DD. */
  days: string[];
  /** HH:MM, 24-hour. */
  time: string | null;
  /** The time is a deadline ("by 3", "before noon"): any pickup that day up to it will do. */
  byTime: boolean;
  asks: {
    hours: boolean;
    price: boolean;
    notice: boolean;
    pickup: boolean;
    menu: boolean;
    earliest: boolean;
  };
  /** Something no tool answers (allergens, delivery, a complaint…): a person must reply. */
  person: PersonTopic | null;
  /** The major allergens and dietary tags the question names ("nuts", "gluten free"). */
  allergens: Allergen[];
  dietary: DietaryTag[];
  /** The coverage gate's verdict: what could not be read with certainty. */
  unclear: UnclearPart[];
};

/**
 * A question's frame, and the words to search the owner's knowledge with: the stems of its
 * content words no extractor read, and the words that raised a topic the knowledge may answer.
 * Those only ever go into a search (a tool's input), never into a `Purpose` or a sentence.
 */
export type Reading = { frame: Frame; unread: string[]; topicWords: string[] };

export type ReadingContext = {
  menu: readonly string[];
  /** The bakery's date when the question arrived: month days and "the 12th" are read from it. */
  today: string;
  /** The bakery's date exceptions that have a note, by which a question may name their day. */
  namedDays?: readonly NamedDay[];
};
