import { listThreadForCustomer } from '@/db/conversations';
import { listConversationFeedback } from '@/db/feedback';
import type { Bakery, Question } from '@/db/schema';
import { formatWhen } from '@/lib/format-time';
import { emailRepliesWork } from '@/server/mail/promise';
import { writeBack } from './actions';
import { ExpectedWait } from './expected-wait';
import { KeepLink } from './keep-link';
import { LiveTicket } from './live-ticket';
import { ReplyFeedback } from './reply-feedback';
import { WriteBackForm } from './write-back-form';

/**
 * One customer's conversation as they see it: their messages and the replies a person sent
 * (never drafts), where it stands, kept live, and the form to write back. The ticket page and
 * the "Ask us" panel both show it; the panel writes back through its own action, to stay in it,
 * and remembers the conversation itself, so it offers no link to keep.
 */
export async function TicketConversation({
  token,
  question,
  bakery,
  writeBackAction = writeBack,
  offerKeepLink = true,
}: {
  token: string;
  question: Question;
  bakery: Bakery;
  writeBackAction?: typeof writeBack;
  offerKeepLink?: boolean;
}) {
  const thread = await listThreadForCustomer({ questionId: question.id });
  const waiting = thread.at(-1)?.author === 'customer';
  const erased = question.erasedAt !== null;
  const feedback = erased ? [] : await listConversationFeedback({ questionId: question.id });
  // Promised only while replies really go out by email, and only to a customer who gave an address.
  const emailed = waiting && question.customerEmail ? await emailRepliesWork() : false;
  const replies = thread.filter((message) => message.author === 'bakery');
  const newestReply = replies.at(-1);

  return (
    <>
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
            {emailed || !offerKeepLink ? null : <KeepLink token={token} />}
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
          <WriteBackForm token={token} action={writeBackAction} />
        </section>
      )}
    </>
  );
}
