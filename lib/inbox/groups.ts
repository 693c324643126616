import type { NeedsPersonReason, QuestionStatus, StopKind } from '../domain';
import { type FactChangeRow, isStale } from './staleness';

/** The inbox's tabs, in the order a person works through them. */
export const inboxGroups = ['needsReview', 'inProgress', 'failed', 'sent', 'discarded'] as const;
export type InboxGroup = (typeof inboxGroups)[number];

export const groupLabels: Record<InboxGroup, string> = {
  needsReview: 'Needs review',
  inProgress: 'In progress',
  failed: 'Failed',
  sent: 'Sent',
  discarded: 'Discarded',
};

const statusesByGroup: Record<InboxGroup, QuestionStatus[]> = {
  needsReview: ['drafted'],
  inProgress: ['queued', 'drafting'],
  failed: ['failed'],
  sent: ['sent'],
  discarded: ['discarded'],
};

export function statusesOf(group: InboxGroup): QuestionStatus[] {
  return statusesByGroup[group];
}

export function groupOf(status: QuestionStatus): InboxGroup {
  const found = inboxGroups.find((group) => statusesByGroup[group].includes(status));
  if (!found) throw new Error(`No inbox group holds the status ${status}.`);
  return found;
}

/** `?group=` from the address; anything unknown falls back to the first tab. */
export function parseGroup(value: string | string[] | undefined): InboxGroup {
  const raw = Array.isArray(value) ? value[0] : value;
  return (inboxGroups as readonly string[]).includes(raw ?? '')
    ? (raw as InboxGroup)
    : 'needsReview';
}

/** Counts per status, summed into the tabs (a tab with none shows 0). */
export function countByGroup(
  byStatus: Partial<Record<QuestionStatus, number>>,
): Record<InboxGroup, number> {
  const out = {} as Record<InboxGroup, number>;
  for (const group of inboxGroups) {
    out[group] = statusesByGroup[group].reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  }
  return out;
}

export const statusLabels: Record<QuestionStatus, string> = {
  queued: 'Queued',
  drafting: 'Drafting',
  drafted: 'Needs review',
  failed: 'Failed',
  sent: 'Sent',
  discarded: 'Discarded',
};

const stopLabels: Record<StopKind, string> = {
  answered: 'answered',
  outOfTurns: 'ran out of turns',
  outOfTokens: 'ran out of tokens',
  outOfBudget: 'ran out of budget',
  modelStopped: 'the model stopped',
  failed: 'the request failed',
};

/**
 * "ran out of turns", "the model stopped (refused)". A failed request's reason is its class for
 * the metrics; the trace words the failure from its error instead.
 */
export function stopLabel(stop: { stopKind: StopKind; stopReason: string | null }): string {
  const base = stopLabels[stop.stopKind];
  return stop.stopReason && stop.stopKind !== 'failed' ? `${base} (${stop.stopReason})` : base;
}

export type DraftMarks = {
  /** The run stopped without writing an answer: the person must write one. */
  noAnswer: boolean;
  /** A fact the draft read (an item, a day, an entry; or anything, for older drafts) changed since. */
  stale: boolean;
  /** The run marked the question for a person: what no tool answers, or what it could not read. */
  needsPerson: { reason: NeedsPersonReason; note: string } | null;
};

export const needsPersonLabels: Record<NeedsPersonReason, string> = {
  allergens: 'Allergens',
  ingredients: 'Ingredients',
  delivery: 'Delivery',
  customOrder: 'Custom order',
  complaint: 'Complaint',
  refund: 'Refund',
  medical: 'Medical',
  notUnderstood: 'Not understood',
  other: 'Other',
};

/** `?person=1`: only questions whose draft is marked for a person. */
export function parsePersonFilter(value: string | string[] | undefined): boolean {
  return (Array.isArray(value) ? value[0] : value) === '1';
}

/**
 * Marks for a question's current draft. Only open questions carry them: a sent or discarded
 * question's draft no longer matters.
 */
export function draftMarks(input: {
  status: QuestionStatus;
  run: {
    stopKind: StopKind;
    factsVersion: number;
    /** What the run read; null for runs from before that was recorded. */
    factsRead?: readonly string[] | null;
    needsPersonReason?: NeedsPersonReason | null;
    needsPersonNote?: string | null;
  } | null;
  factsVersion: number;
  /** Where each fact last changed (`fact_changes`). */
  changes?: readonly FactChangeRow[];
}): DraftMarks {
  const open = input.status === 'drafted' || input.status === 'failed';
  if (!open || !input.run) return { noAnswer: false, stale: false, needsPerson: null };
  const { needsPersonReason: reason, needsPersonNote: note } = input.run;
  return {
    noAnswer: input.run.stopKind !== 'answered',
    stale: isStale({
      run: input.run,
      factsVersion: input.factsVersion,
      changes: input.changes ?? [],
    }),
    needsPerson: reason ? { reason, note: note ?? '' } : null,
  };
}

/** The first non-blank line of a question, cut to a row's width. */
export function firstLine(text: string, max = 120): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Page numbers: 1-based, clamped to what exists. */
export function parsePage(value: string | string[] | undefined): number {
  const raw = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, 10_000) : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The questions before and after one in a list, for j and k. */
export function neighbours<T>(ids: T[], id: T): { previous: T | null; next: T | null } {
  const at = ids.indexOf(id);
  if (at < 0) return { previous: null, next: ids[0] ?? null };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}
