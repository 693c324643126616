import { unnamedClosure } from '../../../bakery/facts';
import type { Wording } from '../../../bakery/wording';
import type { Understanding } from '../understanding';
import { catalog } from './catalog';
import { fill, type Worded } from './catalog/template';
import { type Values, valuesFor } from './values';

export type DraftContext = {
  wording: Wording;
  /** The bakery's date now: a date in another year is worded with its year. */
  today: string;
  /** The bakery's time now (HH:MM): whether today's hours or an asked time today are over. */
  nowTime: string;
  bakeryName: string;
  /** The name the customer gave: the draft greets them by first name when it is one. */
  customerName?: string | null;
  /**
   * How well the reader read the question: the language to answer in and the parts it could not
   * read. Absent, the question was read in English with nothing left unclear.
   */
  understanding?: Understanding;
};

/** What every part of the writer needs: the values' wording and the bakery's now. */
export type Writer = {
  v: Values;
  today: string;
  nowTime: string;
  /** "7 am to 3 pm". */
  span: (opens: string, closes: string) => Worded;
  /** " (Christmas Eve)": the owner's note on a day, when there is one worth repeating. */
  note: (hours: { exception?: string }) => Worded;
};

export function writerFor({ wording, today, nowTime }: DraftContext): Writer {
  const v = valuesFor(wording, today);
  return {
    v,
    today,
    nowTime,
    span: (opens, closes) =>
      fill(catalog.hours.span, { opens: v.time(opens), closes: v.time(closes) }),
    note: (hours) =>
      hours.exception && hours.exception !== unnamedClosure
        ? fill(catalog.hours.note, { exception: v.data(hours.exception) })
        : v.data(''),
  };
}
