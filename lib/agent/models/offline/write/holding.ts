import { firstNameOf } from '../../../bakery/greeting';
import type { DraftLanguage } from '../understanding';
import { catalog } from './catalog';
import { fill, type Worded, worded } from './catalog/template';
import type { DraftContext } from './context';

/** "Hi Lena," when the first name is known, else "Hi,"; in the draft's language. */
export function greeting(
  context: DraftContext,
  entry: { plain: string; named: string } = catalog.frame.greeting,
): Worded {
  const first = firstNameOf(context.customerName);
  return first ? fill(entry.named, { name: worded(first) }) : fill(entry.plain);
}

export function signOff(context: DraftContext, entry: string = catalog.frame.signOff): Worded {
  return fill(entry, { bakery: worded(context.bakeryName) });
}

/** A question in another language: a short holding reply in that language, nothing else. */
export function holdingReply(
  context: DraftContext,
  language: Exclude<DraftLanguage, 'en'>,
): string {
  const reply = catalog.holding[language];
  return [
    greeting(context, reply.greeting),
    fill(reply.body),
    signOff(context, reply.signOff),
  ].join('\n\n');
}
