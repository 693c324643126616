import Link from 'next/link';
import type { Question } from '@/db/schema';
import { sameAddress } from '@/lib/mail/address';
import { MergeConversation } from './merge-conversation';

/**
 * Why this conversation stands apart from the one its email named, with a link to that one
 * and, while both are open to it, the merge a person may choose.
 */
export function Mention({
  question,
  mentioned,
}: {
  question: Question;
  mentioned: Question | undefined;
}) {
  const id = question.mentionsQuestionId;
  if (id === null) return null;
  const available = mentioned !== undefined && mentioned.erasedAt === null;
  const fromSame = sameAddress(question.customerEmail, mentioned?.customerEmail);
  return (
    <section
      aria-labelledby="mention-title"
      className="flex flex-col gap-3 rounded-lg border border-fuchsia-200 bg-fuchsia-50 p-4 text-fuchsia-950"
      data-testid="mention-note"
    >
      <h2 id="mention-title" className="font-semibold">
        {fromSame
          ? `Mentions conversation #${id}`
          : `Mentions conversation #${id} from another address`}
      </h2>
      <p>
        This email answers or names{' '}
        {available ? (
          <Link href={`/inbox/${id}`} className="underline" data-testid="mention-link">
            conversation #{id} with {mentioned.customerName}
          </Link>
        ) : (
          `conversation #${id}, which is no longer kept`
        )}
        {fromSame
          ? ', but the mail server could not confirm it came from that customer’s address.'
          : `, but it came from ${question.customerEmail ?? 'an unknown address'}, not from that customer’s address.`}{' '}
        So it was kept apart: anyone can copy an email’s references, and nobody should be able to
        write into a customer’s conversation by doing so.
        {available ? ' If it does belong there, merge it.' : ''}
      </p>
      {available && (question.mergedIntoId !== null || question.status !== 'sent') ? (
        <MergeConversation
          questionId={question.id}
          version={question.version}
          senderEmail={question.customerEmail}
          target={{
            id: mentioned.id,
            version: mentioned.version,
            customerName: mentioned.customerName,
            customerEmail: mentioned.customerEmail,
          }}
          mergedInto={question.mergedIntoId}
        />
      ) : null}
    </section>
  );
}
