import type { QuestionStatus } from '@/db/schema';
import { formatClock } from '@/lib/format-time';
import { type DraftMarks, needsPersonLabels, statusLabels } from '@/lib/inbox/groups';

const statusColours: Record<QuestionStatus, string> = {
  queued: 'bg-stone-100 text-stone-800',
  drafting: 'bg-sky-100 text-sky-900',
  drafted: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  sent: 'bg-green-100 text-green-900',
  discarded: 'bg-stone-200 text-stone-700',
};

export function StatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-block shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${statusColours[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

/**
 * The marks a row and a question show: a question for a person, a run with no answer, a draft
 * from older facts.
 */
export function DraftMarkBadges({ marks }: { marks: DraftMarks }) {
  return (
    <>
      {marks.needsPerson ? (
        <span
          data-testid="person-mark"
          data-reason={marks.needsPerson.reason}
          title={marks.needsPerson.note}
          className="inline-block shrink-0 whitespace-nowrap rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-900 ring-1 ring-violet-300"
        >
          For a person: {needsPersonLabels[marks.needsPerson.reason]}
        </span>
      ) : null}
      {marks.noAnswer ? (
        <span
          data-testid="no-answer-mark"
          className="inline-block shrink-0 whitespace-nowrap rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200"
        >
          No answer
        </span>
      ) : null}
      {marks.stale ? (
        <span
          data-testid="stale-mark"
          className="inline-block shrink-0 whitespace-nowrap rounded-full bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-900 ring-1 ring-orange-300"
        >
          Stale
        </span>
      ) : null}
    </>
  );
}

/** The customer wrote again after the message the draft answers. */
export function WroteAgainBadge({ at, timezone }: { at: Date; timezone: string }) {
  return (
    <span
      data-testid="wrote-again-mark"
      className="inline-block shrink-0 whitespace-nowrap rounded-full bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-900 ring-1 ring-orange-300"
    >
      Customer wrote again, {formatClock(at, timezone)}
    </span>
  );
}

/**
 * The conversation's email named another conversation (by its messages or ticket reference)
 * but came from another address, or from one the mail server could not verify: it was kept
 * apart, for a person to judge.
 */
export function MentionBadge({ id, sameAddress }: { id: number; sameAddress: boolean }) {
  return (
    <span
      data-testid="mention-mark"
      data-mentions={id}
      className="inline-block shrink-0 whitespace-nowrap rounded-full bg-fuchsia-50 px-2 py-0.5 text-xs font-medium text-fuchsia-900 ring-1 ring-fuchsia-300"
    >
      {sameAddress
        ? `Mentions conversation #${id}`
        : `Mentions conversation #${id} from another address`}
    </span>
  );
}

/** The mailbox's own server failed the sender's DMARC or SPF: the From address may be forged. */
export function SenderNotVerifiedBadge() {
  return (
    <span
      data-testid="sender-not-verified-mark"
      title="The mail server could not confirm this email came from the address it shows."
      className="inline-block shrink-0 whitespace-nowrap rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-900 ring-1 ring-red-300"
    >
      Sender not verified
    </span>
  );
}
