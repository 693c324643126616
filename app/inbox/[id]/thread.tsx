import { Fragment } from 'react';
import type { NoteView } from '@/db/conversation-notes';
import type { ThreadMessage } from '@/db/conversations';
import type { FeedbackView } from '@/db/feedback';
import type { ConversationEmail } from '@/db/inbound-mail';
import type { SentReply } from '@/db/inbox';
import type { EmailDelivery } from '@/db/outbox';
import { formatWhen } from '@/lib/format-time';
import { deliveryLine } from '@/lib/inbox/delivery';
import { ConversationNote } from './conversation-note';
import { CustomerFeedback } from './customer-feedback';
import { ResendEmail } from './resend-email';

/**
 * The conversation above the editor, oldest first: what the customer wrote and what the desk
 * sent. The draft below answers the newest customer message, which is marked.
 */
export function Thread({
  thread,
  replies,
  deliveries,
  timezone,
  customerName,
  emails = [],
  questionId,
  notes = [],
  feedback = [],
}: {
  thread: ThreadMessage[];
  replies: SentReply[];
  deliveries: EmailDelivery[];
  timezone: string;
  customerName: string;
  /** The emails behind the customer's messages, for their subject, original and attachments. */
  emails?: ConversationEmail[];
  questionId: number;
  /** Staff's notes, shown in time order among the messages and marked as notes. */
  notes?: NoteView[];
  /** What the customer answered under each sent reply. */
  feedback?: FeedbackView[];
}) {
  const newestFromCustomer = thread.findLast((message) => message.author === 'customer')?.id;
  return (
    <section
      aria-labelledby="thread-title"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2
        id="thread-title"
        className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-600"
      >
        {thread.length > 1 ? `The conversation (${thread.length} messages)` : 'The question'}
      </h2>
      <ol className="flex flex-col gap-3" data-testid="thread">
        {thread.map((message, index) => {
          const notesBefore = notesBetween(notes, thread[index - 1]?.at, message.at).map((note) => (
            <ConversationNote key={`note-${note.id}`} note={note} timezone={timezone} />
          ));
          const reply = replies.find((r) => r.id === message.replyId);
          const delivery = deliveries.find((d) => d.replyId === message.replyId);
          const newest = message.id === newestFromCustomer;
          const item =
            message.author === 'bakery' ? (
              <li
                key={message.id}
                data-testid="thread-message"
                data-author="bakery"
                className="ml-6 rounded-md border border-green-200 bg-green-50 p-3"
              >
                <p className="mb-1 text-sm font-semibold text-green-950" data-testid="sent-reply">
                  Sent by {message.senderName ?? 'the bakery'}, {formatWhen(message.at, timezone)}
                </p>
                <p className="whitespace-pre-wrap break-words" data-testid="sent-reply-text">
                  {message.text}
                </p>
                {reply ? (
                  <p className="mt-1 text-xs text-stone-700">
                    {reply.edited
                      ? `Edited from the draft (${reply.editDistance} character${reply.editDistance === 1 ? '' : 's'} changed).`
                      : 'Sent as drafted.'}
                  </p>
                ) : null}
                {delivery ? <EmailState delivery={delivery} timezone={timezone} /> : null}
                <CustomerFeedback
                  feedback={feedback.find((answer) => answer.messageId === message.id)}
                  timezone={timezone}
                />
              </li>
            ) : (
              <li
                key={message.id}
                data-testid="thread-message"
                data-author="customer"
                data-newest={newest}
                className={`mr-6 rounded-md border p-3 ${newest ? 'border-amber-300 bg-amber-50' : 'border-stone-200'}`}
              >
                <p className="mb-1 text-sm font-semibold text-stone-700">
                  {customerName}, {formatWhen(message.at, timezone)}
                  {newest && thread.length > 1 ? (
                    <span className="font-normal text-amber-900"> · the message to answer</span>
                  ) : null}
                </p>
                <p
                  className="whitespace-pre-wrap break-words"
                  data-testid={newest ? 'question-text' : 'earlier-message-text'}
                >
                  {message.text}
                </p>
                <EmailDetails
                  email={emails.find((email) => email.messageId === message.id)}
                  questionId={questionId}
                />
              </li>
            );
          return (
            <Fragment key={message.id}>
              {notesBefore}
              {item}
            </Fragment>
          );
        })}
        {notesBetween(notes, thread.at(-1)?.at, undefined).map((note) => (
          <ConversationNote key={`note-${note.id}`} note={note} timezone={timezone} />
        ))}
      </ol>
    </section>
  );
}

/** The notes written at or after `from` and before `to` (either end open when absent). */
function notesBetween(notes: NoteView[], from: Date | undefined, to: Date | undefined) {
  return notes.filter(
    (note) =>
      (from === undefined || note.at.getTime() >= from.getTime()) &&
      (to === undefined || note.at.getTime() < to.getTime()),
  );
}

const tones = {
  pending: 'text-stone-700',
  ok: 'text-green-900',
  failed: 'rounded-md bg-red-50 px-2 py-1 text-red-900',
} as const;

/** Where the reply's email stands, with Resend once the mail server refused it. */
function EmailState({ delivery, timezone }: { delivery: EmailDelivery; timezone: string }) {
  const line = deliveryLine(delivery, (at) => formatWhen(at, timezone));
  return (
    <div
      className={`mt-1 flex flex-wrap items-center gap-2 text-xs ${tones[line.tone]}`}
      data-testid="email-delivery"
      data-status={delivery.status}
    >
      <span>{line.text}</span>
      {line.canResend ? <ResendEmail replyId={delivery.replyId} /> : null}
    </div>
  );
}

/** "1.9 KB": sizes of originals and attachments. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where an emailed message came from: subject, attachments by name and size, the original. */
function EmailDetails({
  email,
  questionId,
}: {
  email: ConversationEmail | undefined;
  questionId: number;
}) {
  if (!email) return null;
  return (
    <div
      className="mt-2 border-t border-stone-200 pt-2 text-xs text-stone-700"
      data-testid="email-details"
    >
      <p>
        By email
        {email.fromAddress ? <> from {email.fromAddress}</> : null}
        {email.subject ? (
          <>
            {' '}
            · Subject: <span data-testid="email-subject">{email.subject}</span>
          </>
        ) : null}
        {' · '}
        <a
          href={`/inbox/${questionId}/emails/${email.id}`}
          className="underline"
          data-testid="email-original"
        >
          Original email ({formatSize(email.size)})
        </a>
      </p>
      {email.attachments.length > 0 ? (
        <ul className="mt-1" aria-label="Attachments" data-testid="email-attachments">
          {email.attachments.map((attachment) => (
            <li key={`${attachment.name}-${attachment.size}`} data-testid="email-attachment">
              {attachment.name} ({formatSize(attachment.size)})
            </li>
          ))}
        </ul>
      ) : null}
      {email.outcome === 'unreadable' ? (
        <p className="mt-1 text-red-800">Could not read this email: {email.reason}.</p>
      ) : null}
    </div>
  );
}
