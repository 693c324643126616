import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getBakery } from '@/db/bakery';
import { listThreadForCustomer } from '@/db/conversations';
import { listConversationFeedback } from '@/db/feedback';
import { getQuestionByTicket } from '@/db/questions';
import { formatWhen } from '@/lib/format-time';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-token';
import { emailRepliesWork } from '@/server/mail/promise';
import { ExpectedWait } from './expected-wait';
import { KeepLink } from './keep-link';
import { LiveTicket } from './live-ticket';
import { ReplyFeedback } from './reply-feedback';
import { WriteBackForm } from './write-back-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your question', referrer: 'no-referrer' };

/**
 * The customer's own page: the token is the only key, and it shows this one conversation
 * alone: their messages and the replies a person sent, never drafts.
 */
export default async function TicketPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const question = TICKET_TOKEN_SHAPE.test(token)
    ? await getQuestionByTicket({ token })
    : undefined;
  if (!question) notFound();
  const bakery = await getBakery();
  const thread = await listThreadForCustomer({ questionId: question.id });
  const waiting = thread.at(-1)?.author === 'customer';
  const erased = question.erasedAt !== null;
  const feedback = erased ? [] : await listConversationFeedback({ questionId: question.id });
  // Promised only while replies really go out by email, and only to a customer who gave an address.
  const emailed = waiting && question.customerEmail ? await emailRepliesWork() : false;
  const replies = thread.filter((message) => message.author === 'bakery');
  const newestReply = replies.at(-1);

  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-12">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
        <h1 className="text-2xl font-semibold">Your question</h1>
        <p className="text-sm text-stone-600">
          Asked {formatWhen(question.receivedAt, bakery.timezone)}. Keep this page's address to come
          back for the answer.
        </p>
      </header>
      <ol
        aria-label="Your conversation"
        className="flex flex-col gap-4"
        data-testid="ticket-thread"
      >
        {thread.map((message, index) => {
          const fromBakery = message.author === 'bakery';
          return (
            <li
              key={message.id}
              id={index === thread.length - 1 ? 'latest' : undefined}
              data-testid="ticket-message"
              data-author={message.author}
              className={`flex flex-col gap-2 rounded-lg border p-4 ${
                fromBakery ? 'ml-6 border-amber-200 bg-amber-50' : 'mr-6 border-stone-200 bg-white'
              }`}
            >
              <p className="text-sm font-semibold text-stone-700">
                {fromBakery ? (message.senderName ?? bakery.name) : 'You'}
                <span className="font-normal text-stone-600">
                  {' · '}
                  {formatWhen(message.at, bakery.timezone)}
                </span>
              </p>
              <p
                className="whitespace-pre-wrap break-words"
                data-testid={fromBakery ? 'ticket-reply' : 'ticket-question'}
              >
                {message.text}
              </p>
              {fromBakery && !erased ? (
                <ReplyFeedback
                  token={token}
                  reply={message.id}
                  given={feedback.find((answer) => answer.messageId === message.id)}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <section aria-live="polite" aria-label="Where your question stands">
        {question.status === 'discarded' && waiting ? (
          <p data-testid="ticket-pending">
            This question is closed. If you still need an answer, write below or contact us:{' '}
            {bakery.contact}
          </p>
        ) : waiting ? (
          <p data-testid="ticket-pending">
            Thank you. A person at the bakery will read your{' '}
            {thread.length > 1 ? 'message' : 'question'} and answer here soon.
            {!question.customerEmail ? null : emailed ? (
              <span data-testid="ticket-email-promise">
                {' '}
                We’ll also email the answer to {question.customerEmail}.
              </span>
            ) : (
              ' The answer will be on this page only: it is not sent by email.'
            )}
          </p>
        ) : null}
        {waiting && question.status !== 'discarded' ? (
          <>
            <ExpectedWait />
            {emailed ? null : <KeepLink token={token} />}
          </>
        ) : null}
        <LiveTicket
          token={token}
          seen={thread.at(-1)?.id ?? 0}
          replyIds={replies.map((reply) => reply.id)}
          newestReply={
            newestReply
              ? { from: newestReply.senderName ?? bakery.name, text: newestReply.text }
              : null
          }
        />
      </section>
      {erased ? null : (
        <section aria-label="Write back" className="flex flex-col gap-2">
          <WriteBackForm token={token} />
        </section>
      )}
    </main>
  );
}
