import type { NeedsPersonReason } from '../../types';
import { claimPattern, type Token } from './read/tokens';

type PersonReason = NeedsPersonReason;

/**
 * What a topic is about, in the desk's own words, so a sentence may name it: never the
 * customer's. The owner's handover topics are the owner's own words, from the bakery's data.
 */
export const topicSubjects = [
  'health',
  /** A customer who was ill after eating something: the apology path, no prices. */
  'illness',
  'a guarantee',
  'allergens',
  'your refund',
  'your order',
  'ingredients',
  'delivery',
  'custom orders',
  'keeping and storing them',
  'how to reach us',
  'discounts',
  'payment',
  'parking',
  'where to find us',
  'wifi',
  'jobs',
  'gift cards',
  'seating',
  'pets',
  'restrooms',
  'donations',
  'recipes',
  'something we need to check',
] as const;
export type TopicSubject = (typeof topicSubjects)[number] | OwnerTopic;
/** One of the owner's handover topics, as the owner wrote it in Settings. */
export type OwnerTopic = string & { readonly ownerTopic: true };

/** A topic the bakery's data cannot answer, with the desk's word for what it is about. */
export type PersonTopic = {
  reason: PersonReason;
  subject: TopicSubject;
  /** For the person the question is handed to, in the desk's words. */
  note: string;
  /**
   * Set when the owner's knowledge may answer it (delivery, custom cakes, payment, parking…);
   * absent where only a person may answer (allergies, health, complaints, refunds, an order
   * already placed, the owner's own handover topics). The words searched for travel apart, in
   * the reading's `topicWords`, never in the topic.
   */
  searchable?: true;
};

/** A topic read from a question, and the words to search the owner's knowledge with. */
export type TopicRead = { topic: PersonTopic; words: string[] };

/** Reasons a person always answers, whatever the owner has written or switched off. */
export const alwaysForPerson: ReadonlySet<PersonReason> = new Set([
  'medical',
  'allergens',
  'refund',
  'complaint',
]);

/**
 * The topics, most serious first: a question about a nut allergy that also complains is
 * answered as an allergy question. Each pattern's first group names the subject.
 */
const topics: {
  reason: PersonReason;
  pattern: RegExp;
  note: string;
  /** The desk's word for it; a function picks one by the words matched. */
  subject: TopicSubject | ((words: string) => TopicSubject);
  /** Whether the owner's knowledge may answer it (the default for delivery, custom orders, other). */
  searchable?: boolean;
}[] = [
  {
    reason: 'medical',
    pattern:
      /\b((?:guarantee|promise|certify|assure|swear)\w* (?:[\w']+ ){0,8}(?:safe|free|clean|uncontaminated|hygienic)|food safety|food hygiene|hygiene rating|diabet\w*|pregnan\w*|medical|medication|doctor|blood sugar|insulin|safe (?:for|to eat|during)|food poisoning|got sick|made (?:me|us|my \w+) (?:sick|ill|unwell)|sick after|(?:got|was|were|became|felt) (?:really |very )?(?:ill|unwell)|vomit\w*|throwing up|threw up|broke out in \w+|hives|rash|allergic reaction|health condition|kidney|heart condition|breastfeeding)\b/,
    note: 'Asks a health question',
    subject: (words) =>
      /^(guarantee|promise|certify|assure|swear)/.test(words)
        ? 'a guarantee'
        : /sick|poison|ill\b|unwell|vomit|throw|threw|broke out|hives|rash|reaction/.test(words)
          ? 'illness'
          : 'health',
  },
  {
    reason: 'allergens',
    pattern:
      /\b((?:can'?t|cannot|can not|shouldn'?t|must not|mustn'?t) (?:have|eat|tolerate) (?:any )?(?:eggs?|milk|dairy|nuts?|peanuts?|wheat|gluten|sesame|soy|fish|shellfish)|allerg\w*|gluten|celiac|coeliac|(?:tree )?nuts?|peanuts?|nut[- ]free|almonds?|walnuts?|hazelnuts?|pecans?|sesame|soy|soya|lactose|dairy[- ]free|egg[- ]free|shellfish|mustard|lupin|sulph?ites?|sulfites?|cross[- ]contamina\w*|anaphyla\w*|epipen|intoleran\w*)\b/,
    note: 'Asks about allergens',
    subject: 'allergens',
  },
  {
    reason: 'refund',
    pattern:
      /\b(refund\w*|money back|(?:my|the|our) deposit back|return (?:my|the|our) deposit|reimburs\w*|charged (?:me )?twice|overcharged|double[- ]charged|chargeback|compensation)\b/,
    note: 'Asks for a refund',
    subject: 'your refund',
  },
  {
    reason: 'complaint',
    pattern:
      /\b(stale|complain\w*|not happy|unhappy|disappoint\w*|terrible|awful|rude|wrong order|(?:was|were|is|are) missing|missing from|burnt|burned|mou?ldy|undercooked|raw inside|hair in|bad experience|poor service|not fresh|gone off|(?:was|were) (?:bad|hard|dry|cold|inedible)|inedible|worst|unacceptable|not good enough)\b/,
    note: 'Complains about an order',
    subject: 'your order',
  },
  {
    reason: 'other',
    pattern:
      /\b(cancel\w*|(?:change|modify|update|move|reschedule|amend|edit) (?:my|the|our|an) (?:order|pickup|pick-up|collection)|add .{1,40} to (?:my|the|our) order|order (?:number|no\.?|#)|my (?:existing|last|previous|current) order|(?:placed|made) (?:an|my|the|our) order|put in (?:my|our) order|already (?:ordered|placed)|ordered (?:yesterday|last week|earlier|this morning))\b/,
    note: 'Asks about an order already placed',
    subject: 'your order',
    searchable: false,
  },
  {
    reason: 'ingredients',
    pattern:
      /\b(ingredients?|what'?s in (?:the|your|a|it)|(?:have|has|contain|contains|with|any|got|use|put) (?:any |some )?(?:raisins|seeds|caraway|chocolate|fruit|icing|frosting|filling|cream|cheese|garlic|onions?|bacon|alcohol|rum|yeast|spelt|wheat|oats|honey|cardamom|sprinkles|nutmeg|eggs?|milk|butter|meat|lard)|(?:eggs?|milk|butter|dairy|meat|lard|alcohol|raisins) in (?:the|your|it|them|a)|are there (?:any )?\w+ in|what is in|made (?:with|from|of)|contains?|containing|vegan|vegetarian|dairy|(?:any|no|with|without|contain|have) (?:eggs?|milk|butter|meat|animal|lard|honey)|gelatin\w*|halal|kosher|organic|preservatives?|additives?|calories|how much sugar|sugar[- ]free|sugar content|salt content|nutrition\w*|keto|low[- ]carb|sweeteners?|gmo|palm oil|plant[- ]based)\b/,
    note: 'Asks about ingredients',
    subject: 'ingredients',
  },
  {
    reason: 'delivery',
    pattern:
      /\b(deliver\w*|shipping|ship (?:it|them|to)|post (?:it|them)|courier|doordash|uber ?eats|grubhub|drop (?:it|them) off|bring (?:it|them) (?:to|over))\b/,
    note: 'Asks about delivery',
    subject: 'delivery',
  },
  {
    reason: 'customOrder',
    pattern:
      /\b(cater(?:ing|ed|s)?|custom(?!er)\w*|(?:without|no|extra|less|more|light on|go easy on) (?:the |any )?(?:glaze|icing|frosting|filling|seeds|caraway|cardamom|topping|raisins)|(?<!since )sliced(?! bread)|slice (?:it|them)|boxed(?: up)?|gift box\w*|as a gift|written on|writing on|piped on|gift[- ]wrap\w*|cakes? for (?:a |my |our )?(?:birthday|wedding|party|anniversary)\w*|personali[sz]\w*|inscription|that says|with (?:the words|writing|a message)|wedding cakes?|birthday cakes?|special order|made to order|bulk order|tiers?|tiered|getting married|(?:for|at) (?:the|our|my|a) (?:wedding|reception)|wedding reception|for (?:\d{3,}|a hundred|hundreds of) (?:people|guests)|platters?|wholesale|corporate order|bespoke|design(?:ed)? (?:a|my|our))\b/,
    note: 'Asks for a custom order',
    subject: 'custom orders',
  },
  {
    reason: 'other',
    pattern:
      /\b(how long (?:do|does|will|would|can) (?:\w+ ){0,3}(?:keep|last|stay fresh|be good)|freez\w*|shelf[- ]life|reheat\w*|warm (?:it|them) up|storage|store (?:it|them)|best before|expir\w*)\b/,
    note: 'Asks how to keep or store what they buy',
    subject: 'keeping and storing them',
  },
  {
    reason: 'other',
    pattern:
      /\b(your (?:phone|number|email|website)|(?:the|a) (?:phone )?number (?:to call|for the bakery)|call you|contact (?:you|details|number)|reach you|instagram|social media)\b/,
    note: 'Asks how to reach the bakery',
    subject: 'how to reach us',
  },
  {
    reason: 'other',
    pattern: /\b((?:any|offer|give|is there|get|have)(?: an?)? (?:discounts?|coupons?|deals?))\b/,
    note: 'Asks about discounts',
    subject: 'discounts',
  },
  {
    reason: 'other',
    pattern:
      /\b(reservations?|pay (?:when|at|on|for it when|in store|in person)|order online|online orders?|ordering online|minimum order|order minimum|minimum|credit cards?|debit|cash|amex|american express|visa|mastercard|bitcoin|crypto\w*|cards?|contactless|book a table|pay (?:by|with|online|ahead|in advance)|payment|venmo|paypal|apple pay|parking|park nearby|(?:where|anywhere|somewhere|a place|places?) to park|wi-?fi|hiring|jobs?|gift cards?|vouchers?|loyalty|address|located|location|directions|where are you|seating|sit in|(?<!hot )dogs?|pets|restrooms?|bathrooms?|toilets?|donat(?:e|ions?)|sponsor\w*|internships?|franchise|recipe)\b/,
    note: 'Asks something the menu and hours do not cover',
    subject: otherSubject,
  },
];

/** The desk's word each topic's entries are likely titled by, searched with the question's own. */
const searchWords: Partial<Record<(typeof topicSubjects)[number], string>> = {
  payment: 'payment',
  delivery: 'delivery',
  'custom orders': 'custom',
  parking: 'parking',
  'gift cards': 'gift cards',
  discounts: 'discounts',
};

const allergyTopic = topics.find(
  (topic) => topic.reason === 'allergens',
) as (typeof topics)[number];

const searchableReasons: ReadonlySet<PersonReason> = new Set(['delivery', 'customOrder', 'other']);

/** What the last topic's words are about, by the desk's word for each. */
function otherSubject(words: string): TopicSubject {
  const subjects: [RegExp, TopicSubject][] = [
    [
      /card|debit|cash|pay|venmo|amex|american express|visa|mastercard|bitcoin|crypto|contactless/,
      'payment',
    ],
    [/park/, 'parking'],
    [/wi-?fi/, 'wifi'],
    [/hiring|job|intern/, 'jobs'],
    [/gift|voucher|loyalty/, 'gift cards'],
    [/address|locat|direction|where are you/, 'where to find us'],
    [/seat|sit in/, 'seating'],
    [/dog|pet/, 'pets'],
    [/room|toilet/, 'restrooms'],
    [/donat|sponsor/, 'donations'],
    [/recipe/, 'recipes'],
  ];
  return subjects.find(([pattern]) => pattern.test(words))?.[1] ?? 'something we need to check';
}

/**
 * The most serious topic the question raises, with the desk's word for it. Its words are
 * claimed as the topic's when `tokens` are given, so the coverage gate counts them as read.
 */
export function readPersonTopic(text: string, tokens?: Token[]): TopicRead | null {
  if (tokens) for (const topic of topics) claimPattern(tokens, text, topic.pattern, 'topic');
  for (const topic of topics) {
    const match = topic.pattern.exec(text);
    if (!match) continue;
    const words = (match[1] ?? match[0]).trim();
    // "Are the buns safe for him?" after a nut allergy is an allergy question, not a health one.
    if (topic.reason === 'medical' && /^safe /.test(words) && allergyTopic.pattern.test(text)) {
      continue;
    }
    const subject = typeof topic.subject === 'function' ? topic.subject(words) : topic.subject;
    const found: PersonTopic = { reason: topic.reason, subject, note: `${topic.note}.` };
    const searchable = topic.searchable ?? searchableReasons.has(topic.reason);
    if (!searchable) return { topic: found, words: [] };
    // Every phrase of the topic in the question ("pay by" and "cash"), not only the first.
    const all = new RegExp(topic.pattern.source, `${topic.pattern.flags}g`);
    const phrases = [...new Set([...text.matchAll(all)].map((m) => (m[1] ?? m[0]).trim()))];
    // The desk's word for the topic searches too: "amex" finds the entry on payment. A cake is
    // what entries on custom orders are about, so rolls for a wedding search without it.
    const own = searchWords[subject as (typeof topicSubjects)[number]];
    const cakeless = subject === 'custom orders' && !/\bcakes?\b/.test(text);
    const searched = own && !cakeless ? [...phrases, own] : phrases;
    return { topic: { ...found, searchable: true }, words: searched };
  }
  return null;
}

/**
 * The first of the owner's own handover topics the question is about: every word of the topic
 * appears in it, plurals aside ("wedding cakes" matches "a wedding cake").
 */
export function readHandoverTopic(text: string, handover: readonly string[]): PersonTopic | null {
  const words = new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(singularWord));
  for (const topic of handover) {
    const needed = (topic.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(singularWord);
    if (needed.length > 0 && needed.every((word) => words.has(word))) {
      return {
        reason: 'other',
        subject: topic as OwnerTopic,
        note: `The bakery hands questions about "${topic}" to a person.`,
      };
    }
  }
  return null;
}

function singularWord(word: string): string {
  if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
