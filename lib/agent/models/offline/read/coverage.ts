import type { UnclearPart } from '../understanding';
import { numberWords } from '../words';
import { fillerWords, instructionWords, stopWords } from './filler';
import type { Token } from './tokens';

/**
 * The coverage gate: a word no extractor read, and that is neither a stop word nor one of the
 * desk's filler words, means something was asked that the drafter did not understand.
 */

const suffixes = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ers', 'er', 'ed', 'es', 's'];

/**
 * A light stem, so a verb meets its noun: "freezing" and "freezer" meet "freeze" at "freez",
 * "delivering" meets "delivery" at "deliver", "payment" meets "pay".
 */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/'s$/, '');
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  for (const suffix of suffixes) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Two stems meet when one begins the other and the shorter has four letters or more. */
export function stemsMeet(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short === long || (short.length >= 4 && long.startsWith(short));
}

/** A word as written and the forms a word list may hold it in: "loved" is "love", "daughter's" "daughter". */
function forms(text: string): string[] {
  const bare = text.replace(/'s$/, '');
  const stemmed = stem(bare);
  return [text, bare, stemmed, `${stemmed}e`, bare.replace(/s$/, '')];
}

/** Whether a word says something: not a stop word, filler, number or sign. */
export function isContentWord(text: string): boolean {
  return (
    /^[a-z][a-z'-]*[a-z]$/.test(text) &&
    !stopWords.has(text) &&
    !forms(text).some((form) => fillerWords.has(form) || instructionWords.has(form)) &&
    numberWords[text] === undefined
  );
}

/** Words that ask something wherever they stand: "I'd like", "please", "wondering". */
const askingWord = /^(please|wondering|want|need|like|looking|hoping)$/;
/** Words that ask when they open a sentence: "Can you…", "Do you have…", "How much…". */
const openingAsk =
  /^(can|could|would|will|do|does|is|are|how|what|when|where|which|who|why|any|got|have|sell|make|bake)$/;

/**
 * The tokens of the sentences that ask something: one that ends with a question mark, has a word
 * that asks, or opens with one (among its first three words). A sentence without one only tells
 * ("my sister is visiting"). A question without sentence marks is one sentence.
 */
function askingSentences(tokens: readonly Token[], text: string): Set<number> {
  const sentenceOf: number[] = [];
  const place: number[] = [];
  let sentence = 0;
  let at = 0;
  tokens.forEach((token, k) => {
    const previous = tokens[k - 1];
    if (previous && text.slice(previous.end, token.start).includes('\n')) {
      sentence++;
      at = 0;
    }
    sentenceOf.push(sentence);
    place.push(at++);
    if (/^[.?!]$/.test(token.text)) {
      sentence++;
      at = 0;
    }
  });
  const asking = new Set<number>();
  tokens.forEach((token, k) => {
    const opens = (place[k] as number) < 3 && openingAsk.test(token.text);
    if (token.text === '?' || askingWord.test(token.text) || opens) {
      asking.add(sentenceOf[k] as number);
    }
  });
  return new Set(tokens.flatMap((_, k) => (asking.has(sentenceOf[k] as number) ? [k] : [])));
}

/**
 * A name or a place: a capitalised word that does not start a sentence ("Thanks, Margaret",
 * "Elm St"). It says who or where, never what is asked.
 */
function isName(token: Token, original: string, previous: Token | undefined): boolean {
  const first = original.charAt(token.start);
  const startsSentence = !previous || /^[.?!]$/.test(previous.text);
  return first !== first.toLowerCase() && !startsSentence;
}

/**
 * The stems of the content words no extractor claimed in the sentences that ask something,
 * names aside, each once, in the question's order. `original` is the question as written (the
 * normalized text keeps its places), to tell names by their capitals.
 */
export function unreadWords(tokens: readonly Token[], lower: string, original: string): string[] {
  const asking = askingSentences(tokens, lower);
  const stems = tokens
    .filter((t, k) => asking.has(k) && !t.used && isContentWord(t.text))
    .filter((t) => !isName(t, original, tokens[tokens.indexOf(t) - 1]))
    .map((t) => stem(t.text));
  return [...new Set(stems)];
}

/**
 * The gate's verdict: the conflicts the extractors found, words left unread (searched in the
 * owner's knowledge before anything else is decided), or nothing understood at all and nothing
 * left to search (then only the honest holding reply is written).
 */
export function gate({
  understood,
  unread,
  conflicts,
}: {
  understood: boolean;
  unread: readonly string[];
  conflicts: readonly UnclearPart[];
}): UnclearPart[] {
  if (!understood && unread.length === 0) return ['nothingUnderstood'];
  const unclear = [...new Set(conflicts)];
  if (unread.length > 0) unclear.push('unreadWords');
  return unclear;
}
