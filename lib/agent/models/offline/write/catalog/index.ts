import { agreement, frame } from './frame';
import { hours } from './hours';
import { items } from './items';
import { labels } from './labels';
import { holding } from './languages';
import { person, unclear } from './person';
import { quote } from './quote';
import { fixedText, templatesIn } from './template';

/**
 * The message catalog: every sentence a draft holds, keyed by what it is for and how the lookup
 * came out. Its templates are the only fixed text a draft has.
 */
export const catalog = {
  frame,
  agreement,
  items,
  hours,
  quote,
  labels,
  person,
  unclear,
  holding,
} as const;

export type Catalog = typeof catalog;

/** The fixed text of every entry, slots left out: what a draft may say besides its values. */
export function catalogText(part: unknown = catalog): string[] {
  return templatesIn(part).map(fixedText);
}
