import type { ToolResult } from '../../../types';
import type { PlannedCall } from '../plan';
import type { UnclearPart } from '../understanding';
import { catalog } from './catalog';
import { fill, sentence, type Worded, worded } from './catalog/template';
import { type DraftContext, type Writer, writerFor } from './context';
import { type Gathered, gather } from './gather';
import { greeting, holdingReply, signOff } from './holding';
import { week } from './hours';
import { menu, notMade } from './items';
import { apologizes, personLine, unclearLines } from './person';

/**
 * Writes the draft from the tools' typed results alone: every price, time, date and rule in it
 * was returned by a tool and only worded here, every sentence is an entry of the catalog, and
 * the customer's words decide which sentences to write, never a word in them. One greeting, the
 * answer first, each fact once, and no sentence that a later one takes back: when a pickup does
 * not work, the draft says why and offers the earliest one that does.
 */
export function writeDraft(
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
  context: DraftContext,
): string {
  const language = languageOf(planned, context);
  if (language !== 'en') return holdingReply(context, language);
  const w = writerFor(context);
  const unclear = context.understanding?.unclear ?? [];
  const paragraphs = unclear.includes('nothingUnderstood')
    ? [sentence(catalog.unclear.nothingUnderstood)]
    : body(w, gather(w, planned, results), unclear);
  return [greeting(context), ...paragraphs, signOff(context)].join('\n\n');
}

/** The draft's language: the reader's verdict, or the language a person was asked for in. */
function languageOf(planned: readonly PlannedCall[], context: DraftContext) {
  if (context.understanding) return context.understanding.language;
  for (const { purpose } of planned) {
    if (purpose.kind === 'person') return purpose.language;
  }
  return 'en';
}

/** The paragraphs between greeting and sign-off, the answer first. */
function body(w: Writer, g: Gathered, unclear: readonly UnclearPart[]): Worded[] {
  const paragraphs: Worded[] = [];
  const sorry = g.person !== null && apologizes(g.person);
  paragraphs.push(
    ...g.knowledge.map((entry) =>
      fill(catalog.frame.knowledge, {
        title: titleInSentence(entry.title),
        answer: w.v.data(entry.answer.trim()),
      }),
    ),
    ...g.labels,
  );
  // A complaint, a refund or an illness is answered with an apology and never with prices.
  if (!sorry) {
    if (g.offMenu.length > 0) paragraphs.push(notMade(w, g.offMenu));
    // Each fact once: two lookups that say the same (one day asked twice) say it once.
    if (g.answers.length > 0) paragraphs.push(worded([...new Set(g.answers)].join(' ')));
    if (g.menu) paragraphs.push(menu(w, g.menu.items, g.menu.instead));
    if (g.week.length > 0) paragraphs.push(week(w, g.week));
  }
  if (g.problems.length > 0) {
    paragraphs.push(sentence(catalog.frame.notLookedUp, { things: w.v.list(g.problems) }));
  }
  const unclearParts = unclearLines(w, unclear);
  if (unclearParts.length > 0) paragraphs.push(worded(unclearParts.join(' ')));
  const person = g.person;
  // A question left unclear already says a colleague will reply: the mark says nothing more.
  const saidByUnclear = unclearParts.length > 0 && person?.reason === 'notUnderstood';
  if (person && !saidByUnclear) {
    const line = personLine(w, person, paragraphs.length > 0, g.labels.length > 0);
    if (sorry) paragraphs.unshift(line);
    else paragraphs.push(line);
  }
  if (paragraphs.length === 0) paragraphs.push(sentence(catalog.frame.askWhat));
  return paragraphs;
}

/** An entry's title inside a sentence: "custom cakes", but "WiFi" and "BBQ" as written. */
function titleInSentence(title: string): Worded {
  const trimmed = title.trim();
  const lower = /^\p{Lu}\p{Ll}/u.test(trimmed)
    ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1)
    : trimmed;
  return worded(lower);
}
