/**
 * How a draft greets the customer. The name comes from outside (the /ask form, an email's From
 * line, which falls back to the address), so only a word that looks like a first name is ever
 * used; anything else greets plainly. What passes is letters alone, so it can carry no
 * instruction into a model's prompt either.
 */

// Placeholders people and mail clients put where a name would be.
const NOT_NAMES = new Set([
  'customer',
  'client',
  'guest',
  'unknown',
  'unknown sender',
  'anonymous',
  'anon',
  'someone',
  'sender',
  'user',
  'me',
  'test',
  'none',
  'n/a',
  'na',
  'noreply',
  'no-reply',
  'info',
  'hello',
  'hi',
  'admin',
  'sales',
  'orders',
  'office',
  'team',
  'support',
]);

// A title before a name leaves only a surname: "Mrs Smith" has no first name to use.
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'madam',
  'herr',
  'frau',
]);

const NAME_WORD = /^\p{L}[\p{L}\p{M}'’-]*$/u;

export function firstNameOf(customerName: string | null | undefined): string | null {
  const name = (customerName ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > 100) return null;
  if (NOT_NAMES.has(name.toLowerCase())) return null;
  if (name.includes('@') || /\d/.test(name)) return null;
  // "Schmidt, Lena": the first name follows the comma.
  const ordered = /^[^,]+,\s*[^,]+$/.test(name) ? name.slice(name.indexOf(',') + 1).trim() : name;
  const [first] = ordered.split(' ');
  if (!first) return null;
  const word = first.replace(/\.$/, '');
  if (TITLES.has(word.toLowerCase()) || NOT_NAMES.has(word.toLowerCase())) return null;
  if (first.endsWith('.') || word.length < 2 || word.length > 30) return null;
  if (!NAME_WORD.test(word)) return null;
  return properCase(word);
}

/** "LENA" and "lena" read as "Lena"; "McKenzie" and "Anne-Marie" stay as written. */
function properCase(word: string): string {
  const upper = word.toUpperCase();
  const lower = word.toLowerCase();
  if (word !== upper && word !== lower) return word;
  return lower.replace(
    /(^|[-'’])(\p{L})/gu,
    (_, mark: string, letter: string) => mark + letter.toUpperCase(),
  );
}

/** "Hi Lena," when the first name is known, else "Hi,". */
export function greetingLine(customerName: string | null | undefined): string {
  const first = firstNameOf(customerName);
  return first ? `Hi ${first},` : 'Hi,';
}

/** Told to a model with the question: how to open the reply, when a first name is known. */
export function greetingInstruction(customerName: string | null | undefined): string | null {
  const first = firstNameOf(customerName);
  return first
    ? `The customer's first name is ${first}: open the reply with "Hi ${first},".`
    : null;
}
