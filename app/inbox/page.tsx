import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { countQuestionsByStatus, currentFacts, type InboxRow, listInbox } from '@/db/inbox';
import { formatWhen } from '@/lib/format-time';
import { parseView, viewFilter } from '@/lib/inbox/assignee-view';
import {
  countByGroup,
  draftMarks,
  firstLine,
  groupLabels,
  type InboxGroup,
  inboxGroups,
  pageCount,
  parseGroup,
  parsePage,
  parsePersonFilter,
} from '@/lib/inbox/groups';
import { parseLabelFilter } from '@/lib/inbox/labels';
import { customerWroteAgain } from '@/lib/inbox/wrote-again';
import { sameAddress } from '@/lib/mail/address';
import { requireUser } from '@/server/session';
import { ModelBudgetReached } from '../_components/model-budget';
import { AppShell } from '../_shell/app-shell';
import { AssigneeViews, RowAssignee } from './_components/assignee-views';
import { ListControls } from './_components/list-controls';
import {
  DraftMarkBadges,
  MentionBadge,
  SenderNotVerifiedBadge,
  StatusBadge,
  WroteAgainBadge,
} from './_components/marks';
import { PresenceFeed, RowPresence } from './_components/presence';
import { ScrollingTabs } from './_components/scrolling-tabs';
import { BulkSelection, RowCheckbox } from './_labels/bulk-selection';
import { LabelFilter, RowLabels } from './_labels/label-filter';
import { rowExtras } from './_labels/row-extras';
import { inboxHref, questionHref } from './links';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Inbox' };

const PAGE_SIZE = 25;

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function InboxPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser({ role: 'staff', returnTo: '/inbox' });
  const params = await searchParams;
  const group = parseGroup(params.group);
  const rawSearch = Array.isArray(params.q) ? params.q[0] : params.q;
  const search = rawSearch?.trim().slice(0, 200) || undefined;
  const person = parsePersonFilter(params.person);
  const view = parseView(params.view);
  const assignee = viewFilter(view, user.id);
  const label = parseLabelFilter(params.label);
  const counts = countByGroup(
    await countQuestionsByStatus({ search, needsPerson: person, assignee, labelId: label }),
  );
  const pages = pageCount(counts[group], PAGE_SIZE);
  const page = Math.min(parsePage(params.page), pages);
  const rows = await listInbox({
    group,
    search,
    needsPerson: person,
    assignee,
    labelId: label,
    page,
    pageSize: PAGE_SIZE,
  });
  const from = { group, search, person, view, label };
  const extras = await rowExtras(rows.map((row) => row.id));
  const facts = await currentFacts();
  const { timezone } = await getBakery();

  return (
    <AppShell user={user} wide>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Inbox</h1>
        <ListControls />
      </div>
      <ModelBudgetReached />
      <PresenceFeed selfUserId={user.id} />
      <p aria-live="polite" className="sr-only" data-testid="inbox-summary">
        {counts.needsReview} need review, {counts.inProgress} in progress, {counts.failed} failed.
      </p>

      <search>
        <form action="/inbox" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="group" value={group} />
          {person ? <input type="hidden" name="person" value="1" /> : null}
          {view !== 'all' ? <input type="hidden" name="view" value={view} /> : null}
          {label !== undefined ? <input type="hidden" name="label" value={label} /> : null}
          <div className="flex min-w-0 grow flex-col gap-1 sm:grow-0">
            <label htmlFor="inbox-search" className="text-sm font-medium">
              Search questions or customers
            </label>
            <input
              id="inbox-search"
              name="q"
              type="search"
              defaultValue={search ?? ''}
              maxLength={200}
              className="w-full rounded-md border border-stone-300 bg-white px-3 py-2 sm:w-80"
            />
          </div>
          <button type="submit" className="rounded-md border border-stone-300 bg-white px-3 py-2">
            Search
          </button>
          {search ? (
            <Link
              href={inboxHref({ group, person, view, label })}
              className="px-2 py-2 text-sm underline"
            >
              Clear
            </Link>
          ) : null}
        </form>
        <Link
          href={inboxHref({ group, search, view, label, person: !person })}
          // A link's state is aria-current: aria-pressed belongs to buttons (axe: aria-allowed-attr).
          aria-current={person ? 'true' : undefined}
          data-testid="person-filter"
          className="mt-2 inline-block rounded-md border border-violet-300 px-3 py-1.5 text-sm text-violet-900 aria-[current=true]:bg-violet-900 aria-[current=true]:text-white"
        >
          {person ? 'Showing only questions for a person: show all' : 'Only questions for a person'}
        </Link>
      </search>
      <AssigneeViews view={view} group={group} search={search} person={person} />
      <LabelFilter
        labels={extras.all}
        current={label}
        hrefFor={(id) => inboxHref({ group, search, person, view, label: id })}
      />

      <ScrollingTabs label="Question states">
        <ul className="flex gap-1 px-1">
          {inboxGroups.map((g) => (
            <li key={g} className="shrink-0">
              <Link
                href={inboxHref({ group: g, search, person, view, label })}
                aria-current={g === group ? 'page' : undefined}
                data-testid={`tab-${g}`}
                className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-stone-200 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
              >
                {groupLabels[g]}
                <span className="shrink-0 rounded-full bg-white/80 px-1.5 text-xs font-semibold text-stone-900">
                  {counts[g]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ScrollingTabs>

      <section aria-labelledby="list-title" className="flex flex-col gap-2">
        <h2 id="list-title" className="sr-only">
          {groupLabels[group]}
        </h2>
        {/* Kept when the list empties, so a bulk action's result stays where the person looks. */}
        <BulkSelection
          rows={rows.map((row) => ({ id: row.id, version: extras.versions.get(row.id) ?? 0 }))}
          labels={extras.all.map(({ id, name }) => ({ id, name }))}
          people={extras.people}
        >
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 p-6 text-stone-600">
              {emptyMessage(group, search, person)}
            </p>
          ) : (
            <ul
              className="divide-y divide-stone-200 overflow-hidden rounded-lg border border-stone-200 bg-white"
              data-testid="inbox-list"
            >
              {rows.map((row) => (
                <li key={row.id} className="flex">
                  <RowCheckbox id={row.id} name={row.customerName} />
                  <Link
                    href={questionHref(row.id, from)}
                    data-inbox-row
                    data-testid="inbox-row"
                    data-question-id={row.id}
                    className="flex min-w-0 grow flex-col gap-1 py-3 pr-4 hover:bg-amber-50 focus-visible:bg-amber-50 sm:flex-row sm:items-center sm:gap-4"
                  >
                    <span className="w-40 shrink-0 truncate font-medium">{row.customerName}</span>
                    <span
                      className="min-w-0 grow truncate text-stone-800"
                      data-testid="row-first-line"
                    >
                      {firstLine(row.latest?.text ?? row.text)}
                    </span>
                    {row.messageCount > 1 ? (
                      <span
                        className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700"
                        data-testid="row-message-count"
                        title={`${row.messageCount} messages in this conversation`}
                      >
                        {row.messageCount} messages
                      </span>
                    ) : null}
                    <span className="flex shrink-0 flex-wrap items-center gap-2">
                      <RowPresence questionId={row.id} />
                      <RowAssignee name={row.assigneeName} isSelf={row.assigneeId === user.id} />
                      <RowLabels labels={extras.labels.get(row.id)} />
                      {row.emailFailed ? (
                        <span
                          className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900"
                          data-testid="row-email-failed"
                          title="A reply's email was refused by the mail server: open it to resend"
                        >
                          Email failed
                        </span>
                      ) : null}
                      <DraftMarkBadges
                        marks={draftMarks({ status: row.status, run: row.run, ...facts })}
                      />
                      <RowWroteAgain row={row} timezone={timezone} />
                      {row.mentionsQuestionId !== null ? (
                        <MentionBadge
                          id={row.mentionsQuestionId}
                          sameAddress={sameAddress(row.customerEmail, row.mentionedEmail)}
                        />
                      ) : null}
                      {row.senderNotVerified ? <SenderNotVerifiedBadge /> : null}
                      <StatusBadge status={row.status} />
                      <time
                        dateTime={(row.latest?.at ?? row.receivedAt).toISOString()}
                        className="text-xs text-stone-600"
                      >
                        {formatWhen(row.latest?.at ?? row.receivedAt, timezone)}
                      </time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </BulkSelection>
      </section>

      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link href={inboxHref({ ...from, page: page - 1 })} className="underline">
              Newer
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link href={inboxHref({ ...from, page: page + 1 })} className="underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AppShell>
  );
}

function emptyMessage(group: InboxGroup, search: string | undefined, person: boolean): string {
  const marked = person ? ' marked for a person' : '';
  if (search) return `No ${groupLabels[group].toLowerCase()} questions${marked} match “${search}”.`;
  if (person) return `No ${groupLabels[group].toLowerCase()} questions are marked for a person.`;
  return group === 'needsReview'
    ? 'Nothing needs review right now. New drafts appear here as they are written.'
    : `No ${groupLabels[group].toLowerCase()} questions.`;
}

function RowWroteAgain({ row, timezone }: { row: InboxRow; timezone: string }) {
  const at = customerWroteAgain({ status: row.status, run: row.run, latest: row.latest });
  return at ? <WroteAgainBadge at={at} timezone={timezone} /> : null;
}
