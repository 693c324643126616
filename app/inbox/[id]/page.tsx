import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getAssignee, getAssignOnOpen, listAssignablePeople } from '@/db/assignment';
import { getBakery } from '@/db/bakery';
import { listConversationNotes } from '@/db/conversation-notes';
import { listConversationFeedback } from '@/db/feedback';
import { listConversationEmails } from '@/db/inbound-mail';
import { getQuestionDetail, getSourceRows, inboxNeighbours } from '@/db/inbox';
import { getQuestion } from '@/db/questions';
import { listSnippetsFor } from '@/db/snippets';
import { channelNames } from '@/lib/domain';
import { env } from '@/lib/env';
import { formatClock, formatDay, formatWhen } from '@/lib/format-time';
import {
  draftMarks,
  groupLabels,
  groupOf,
  needsPersonLabels,
  parseGroup,
} from '@/lib/inbox/groups';
import { draftSources } from '@/lib/inbox/sources';
import { customerWroteAgain } from '@/lib/inbox/wrote-again';
import { sameAddress } from '@/lib/mail/address';
import { requireUser } from '@/server/session';
import { ModelBudgetReached } from '../../_components/model-budget';
import { AppShell } from '../../_shell/app-shell';
import {
  DraftMarkBadges,
  MentionBadge,
  SenderNotVerifiedBadge,
  StatusBadge,
  WroteAgainBadge,
} from '../_components/marks';
import { QuestionLabels } from '../_labels/question-labels';
import { inboxHref, questionHref } from '../links';
import { CustomerHistory } from './customer-history';
import { Mention } from './mention';
import { NoteForm } from './note-form';
import { QuestionLive } from './question-live';
import { QuestionTeam } from './question-team';
import { QuestionWorkspace } from './question-workspace';
import { Thread } from './thread';
import { TicketLink } from './ticket-link';
import { Trace } from './trace';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Question' };

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function QuestionPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Search;
}) {
  const { id: rawId } = await params;
  const user = await requireUser({
    role: 'staff',
    returnTo: `/inbox/${encodeURIComponent(rawId)}`,
  });
  const id = /^\d{1,12}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const detail = Number.isSafeInteger(id) ? await getQuestionDetail({ id }) : undefined;
  if (!detail) notFound();
  const { question, thread, runs, replies, deliveries, facts } = detail;
  const query = await searchParams;
  const group = query.group ? parseGroup(query.group) : groupOf(question.status);
  const rawSearch = Array.isArray(query.q) ? query.q[0] : query.q;
  const search = rawSearch?.trim().slice(0, 200) || undefined;
  const near = await inboxNeighbours({ group, id: question.id });
  const from = { group, search };
  const { timezone, locale, currency } = await getBakery();
  const currentRun = runs.find((r) => r.id === question.draftRunId) ?? null;
  const marks = draftMarks({ status: question.status, run: currentRun, ...facts });
  const newest = thread.findLast((message) => message.author === 'customer') ?? null;
  const wroteAgain = customerWroteAgain({
    status: question.status,
    run: currentRun,
    latest: newest,
  });
  const sources = currentRun
    ? draftSources(currentRun.factsRead, await getSourceRows({ factsRead: currentRun.factsRead }))
    : [];
  const emails = await listConversationEmails({ questionId: question.id });
  const notes = await listConversationNotes({ questionId: question.id });
  const feedback = await listConversationFeedback({ questionId: question.id });
  const snippets = await listSnippetsFor({ userId: user.id });
  const assignee = await getAssignee({ questionId: question.id });
  // Taken by the browser once the page opens (never while rendering: see takeOnOpenAction).
  const takeOnOpen =
    assignee === null &&
    ['queued', 'drafting', 'drafted', 'failed'].includes(question.status) &&
    (await getAssignOnOpen());
  const mentioned =
    question.mentionsQuestionId !== null
      ? await getQuestion({ id: question.mentionsQuestionId })
      : undefined;

  return (
    <AppShell user={user} wide>
      <nav aria-label="Questions" className="flex flex-wrap items-center gap-4 text-sm">
        <Link href={inboxHref(from)} className="underline">
          ← {groupLabels[group]}
        </Link>
        {near.previous ? (
          <Link
            href={questionHref(near.previous, from)}
            className="underline"
            data-testid="previous-question"
          >
            Previous (k)
          </Link>
        ) : null}
        {near.next ? (
          <Link
            href={questionHref(near.next, from)}
            className="underline"
            data-testid="next-question"
          >
            Next (j)
          </Link>
        ) : null}
      </nav>

      {query.sent === '1' ? (
        <p
          role="status"
          className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900"
          data-testid="sent-moved-on"
        >
          Sent. This is the next question needing review.
        </p>
      ) : null}
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">
          Question from <span data-testid="question-customer">{question.customerName}</span>
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {question.customerEmail ? <span>{question.customerEmail}</span> : null}
          <span>received {formatWhen(question.receivedAt, timezone)}</span>
          <span>via {channelNames[question.channel]}</span>
          <span aria-live="polite" className="flex items-center gap-2" data-testid="question-state">
            <StatusBadge status={question.status} />
            <DraftMarkBadges marks={marks} />
            {wroteAgain ? <WroteAgainBadge at={wroteAgain} timezone={timezone} /> : null}
            {question.mentionsQuestionId !== null ? (
              <MentionBadge
                id={question.mentionsQuestionId}
                sameAddress={sameAddress(question.customerEmail, mentioned?.customerEmail)}
              />
            ) : null}
            {question.senderNotVerified ? <SenderNotVerifiedBadge /> : null}
          </span>
        </p>
        <div className="text-sm text-stone-700">
          <TicketLink questionId={question.id} />
        </div>
      </header>

      <QuestionLabels questionId={question.id} />

      <QuestionTeam
        questionId={question.id}
        self={{ id: user.id, name: user.name }}
        assignee={assignee}
        people={await listAssignablePeople()}
        heartbeatMs={env().PRESENCE_HEARTBEAT_MS}
        takeOnOpen={takeOnOpen}
      />

      {question.mentionsQuestionId !== null ? (
        <Mention question={question} mentioned={mentioned} />
      ) : null}

      {question.status === 'queued' ? <ModelBudgetReached /> : null}

      {/* The conversation and the reply come first; the side column keeps to a third or so. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Thread
            thread={thread}
            replies={replies}
            deliveries={deliveries}
            timezone={timezone}
            customerName={question.customerName}
            emails={emails}
            questionId={question.id}
            notes={notes}
            feedback={feedback}
          />
          <NoteForm questionId={question.id} />
          {wroteAgain ? (
            <p
              className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-950 ring-1 ring-orange-200"
              data-testid="wrote-again-note"
            >
              The draft below is stale: the customer wrote again at{' '}
              {formatClock(wroteAgain, timezone)}.{' '}
              {question.status === 'queued' || question.status === 'drafting'
                ? 'A new draft that reads the whole conversation is on its way.'
                : 'Redraft to answer the newest message.'}
            </p>
          ) : null}

          {question.status === 'failed' && question.lastError ? (
            <p
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900"
              data-testid="last-error"
            >
              Drafting failed after {question.attempts} attempt(s): {question.lastError}. Retry, or
              write the reply yourself.
            </p>
          ) : null}
          {marks.needsPerson ? (
            <p
              className="rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-950 ring-1 ring-violet-200"
              data-testid="person-note"
            >
              Marked for a person ({needsPersonLabels[marks.needsPerson.reason].toLowerCase()}):{' '}
              {marks.needsPerson.note.replace(/[.!?]$/, '')}. Check this before sending: the draft
              does not answer it.
            </p>
          ) : null}
          {marks.noAnswer && currentRun ? (
            <p
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900"
              data-testid="no-answer-note"
            >
              The draft stopped without an answer. Write the reply yourself, or redraft.
            </p>
          ) : null}

          {question.status === 'discarded' ? (
            <p
              className="rounded-md bg-stone-100 px-3 py-2 text-stone-800"
              data-testid="discarded-note"
            >
              Discarded: {question.discardReason ?? 'no reason given'}
            </p>
          ) : null}

          {/* Live even once answered: the customer may write again. */}
          <QuestionLive
            questionId={question.id}
            status={
              question.status === 'queued' || question.status === 'drafting'
                ? question.status
                : 'other'
            }
          />
          {sources.length > 0 ? (
            <section
              aria-labelledby="sources-title"
              className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
              data-testid="draft-sources"
            >
              <h2
                id="sources-title"
                className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600"
              >
                What the draft rests on
              </h2>
              <ul className="flex flex-col gap-1">
                {sources.map((source) => (
                  <li key={source.fact} data-testid="draft-source" data-fact={source.fact}>
                    {source.kind === 'entry' ? 'Knowledge: ' : ''}
                    <span className="font-medium">{source.label}</span>
                    {source.editedAt ? `, edited ${formatDay(source.editedAt, timezone)}` : ''}
                    {source.off ? ' (switched off since)' : ''}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <QuestionWorkspace
            key={question.id}
            questionId={question.id}
            snippets={snippets.map(({ id, title, text }) => ({ id, title, text }))}
            status={question.status}
            draftText={question.draftText}
            version={question.version}
            runCount={runs.length}
            stale={marks.stale}
            previousHref={near.previous ? questionHref(near.previous, from) : null}
            nextHref={near.next ? questionHref(near.next, from) : null}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <CustomerHistory
            questionId={question.id}
            email={question.customerEmail}
            customerName={question.customerName}
            timezone={timezone}
          />
          <section aria-labelledby="trace-title" className="flex min-w-0 flex-col gap-3">
            <h2 id="trace-title" className="text-lg font-semibold">
              What the agent looked up
            </h2>
            <Trace
              runs={runs}
              currentRunId={question.draftRunId}
              facts={facts}
              timezone={timezone}
              wording={{ locale, currency }}
              thread={thread}
            />
          </section>
        </div>
      </div>
    </AppShell>
  );
}
