/** The variables a snippet may hold, as staff type them. */
export const SNIPPET_VARIABLES = ['customer_first_name', 'bakery_name', 'ticket_link'] as const;
export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];

/**
 * The customer's first name, by the same rule drafts greet with (lib/agent/bakery/greeting.ts):
 * never an email address, a phone number, a placeholder like "Customer" or a handle.
 */
export { firstNameOf } from '../agent/bakery/greeting';

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
