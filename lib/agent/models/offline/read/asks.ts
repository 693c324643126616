import type { Frame } from './frame';
import { claimPattern, type Token } from './tokens';

/** What the question asks for: hours, prices, notice, a pickup, the menu, the earliest day. */

export function readAsks(text: string, tokens?: Token[]): Frame['asks'] {
  // Each pattern's words are claimed as asked; "what would … be" claims none of what it spans.
  const has = (pattern: RegExp) => {
    if (tokens)
      claimPattern(
        tokens,
        text,
        new RegExp(pattern.source.replace('|what would .{1,40} be', '')),
        'ask',
      );
    return pattern.test(text);
  };
  return {
    hours: has(
      /\b(open|opening|opens|close|closing|closes|closed|shut|hours|what time|when are you|are you around)\b/,
    ),
    price: has(
      /\b(how much(?! (sugar|salt|fat|notice|time|lead|advance|protein|fib(er|re)|butter|flour|gluten|caffeine|carbs?|calories|ahead|earlier|longer|later))|price|prices|priced|pricing|cost|costs|total|charge|the damage|expensive|cheap|afford|come to|what would .{1,40} be)\b|\$/,
    ),
    notice: has(
      /\b(notice|in advance|ahead|advance|order by|latest|last minute|cut-?off|how early|how soon|lead time|deadline|last day|too late|in time|beforehand)\b/,
    ),
    pickup: has(
      /\b(pick up|pick-up|pickup|picking up|collect|collection|orders|ordering|available|availability|in stock|sold out|left|come by|come in|stop by|swing by|order|reserve|put aside|set aside|hold|grab|get|buy|want|need|like)\b/,
    ),
    menu: has(
      /\b(menu|what do you (have|sell|make|bake|offer)|what's available|what is available|what can i (order|get|buy)|what kinds?|what types?|everything you|what else|what you have|what you sell|what you make|what are your prices|your prices|what breads?)\b/,
    ),
    earliest: has(
      /\b(earliest|soonest|how soon|first (day|time) (i|we) can|when can (i|we) (get|pick|collect|have)|when (i|we) (could|can) (get|pick|collect|have)|when could (i|we) (get|pick|collect|have)|when (would|will) (it|they) be ready)\b/,
    ),
  };
}
