'use server';

import { getBakery } from '@/db/bakery';
import { getQuestion } from '@/db/questions';
import { listSnippetsFor, ticketLinkTokenFor } from '@/db/snippets';
import { fillSnippet, firstNameOf, needsTicketLink } from '@/lib/snippets/fill';
import { snippetFillInput } from '@/lib/snippets/forms';
import { action } from '@/server/action';
import { ticketAddress } from '@/server/ticket-address';
import { refused } from '../../_components/form-state';

/**
 * Staff and owners. A snippet's text filled from one conversation: the customer's first name
 * when they gave one, the bakery's name, and a working link to the customer's ticket page
 * (made only when the snippet asks for it; the customer's other links keep working).
 */
export const fillSnippetAction = action(
  { role: 'staff', input: snippetFillInput },
  async ({ id, questionId }, user) => {
    const snippet = (await listSnippetsFor({ userId: user.id })).find((s) => s.id === id);
    if (!snippet) return refused(409, { message: 'That snippet is gone or not yours to use.' });
    const question = await getQuestion({ id: questionId });
    if (!question) return refused(409, { message: 'That question no longer exists.' });
    const token = needsTicketLink(snippet.text)
      ? await ticketLinkTokenFor({ questionId, now: new Date() })
      : null;
    const text = fillSnippet(snippet.text, {
      customerFirstName: firstNameOf(question.customerName),
      bakeryName: (await getBakery()).name,
      ticketLink: token ? await ticketAddress(token) : null,
    });
    return { ok: true as const, message: `“${snippet.title}” inserted.`, text };
  },
);
