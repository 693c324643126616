import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { ticketQuestionOrNotFound } from '@/server/ticket-question';
import { TicketConversation } from '../../../t/[token]/ticket-conversation';
import { writeBackFromWidget } from '../../actions';
import { PanelFrame } from '../../panel-frame';
import { RememberTicket, StartNewQuestion } from '../../remembered-ticket';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your question', referrer: 'no-referrer' };

/**
 * Anyone holding the ticket, as its page: the conversation inside the "Ask us" panel, live,
 * remembered on this browser until the customer starts a new question.
 */
export default async function WidgetTicketPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const question = await ticketQuestionOrNotFound(token);
  const bakery = await getBakery();
  return (
    <PanelFrame bakery={bakery} title="Your question">
      <RememberTicket token={token} />
      <TicketConversation
        token={token}
        question={question}
        bakery={bakery}
        writeBackAction={writeBackFromWidget}
        offerKeepLink={false}
      />
      <StartNewQuestion />
    </PanelFrame>
  );
}
