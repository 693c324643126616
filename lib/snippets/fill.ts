/** The variables a snippet may hold, as staff type them. */
export const SNIPPET_VARIABLES = ['customer_first_name', 'bakery_name', 'ticket_link'] as const;
export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];

// Names the desk gives a customer it knows no name for, and words no one is called.
const NOT_NAMES = new Set([
  'customer',
  'a customer',
  'the customer',
  'unknown',
  'anonymous',
  'guest',
  'n/a',
  'none',
  'someone',
]);

/**
 * The customer's first name, when what they gave is a name: not an email address, a phone
 * number, a placeholder like "Customer" or a handle full of digits.
 */
export function firstNameOf(customerName: string | null | undefined): string | null {
  const name = (customerName ?? '').trim().replace(/\s+/g, ' ');
  if (name === '' || NOT_NAMES.has(name.toLowerCase())) return null;
  if (name.includes('@') || /\d/.test(name)) return null;
  const [first] = name.split(' ');
  if (!first) return null;
  // Letters (any script), with the apostrophes, hyphens and dots names carry.
  if (!/^\p{L}[\p{L}\p{M}'’.-]*$/u.test(first)) return null;
  if (first.length < 2 && !first.endsWith('.')) return null;
  if (first.endsWith('.')) return null; // "Dr." or an initial, not a first name
  return first;
}

export type SnippetValues = {
  customerFirstName: string | null;
  bakeryName: string;
  ticketLink: string | null;
};

/** Whether a snippet's text asks for the customer's ticket link (so one must be made). */
export function needsTicketLink(text: string): boolean {
  return text.includes('{ticket_link}');
}

/**
 * A snippet's text with its variables filled. A value the desk does not have leaves no gap:
 * "Hi {customer_first_name}," becomes "Hi,", not "Hi ,". Braces that name no variable stay.
 */
export function fillSnippet(text: string, values: SnippetValues): string {
  const value: Record<SnippetVariable, string | null> = {
    customer_first_name: values.customerFirstName,
    bakery_name: values.bakeryName,
    ticket_link: values.ticketLink,
  };
  return text.replace(
    /([ \t]?)\{(customer_first_name|bakery_name|ticket_link)\}/g,
    (_whole, space: string, name: SnippetVariable) => {
      const filled = value[name];
      return filled ? `${space}${filled}` : '';
    },
  );
}
