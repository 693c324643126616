import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type {
  EmailDeliveryStatus,
  InboundEmailOutcome,
  QuestionStatus,
  StopKind,
} from '@/lib/domain';
import { type Db, getDb, snapshot } from './client';
import {
  agentRuns,
  backupRuns,
  emailOutbox,
  inboundEmails,
  questionStatusCounts,
  questions,
} from './schema';

/**
 * What GET /metrics reports of the desk's work, read from the rows at scrape time, so it counts
 * what every process did (the server and any `npm run worker`) and survives restarts. Read in one
 * snapshot, so the figures agree with each other. Each query is one aggregate over an index or a
 * small table; the drafting runs and the emails taken are tallied as they are added (`Tally`).
 */

/** Upper bounds (seconds) of the draft duration histogram: the offline drafter to a slow model. */
export const DRAFT_DURATION_BUCKETS = [0.05, 0.25, 1, 2.5, 5, 10, 20, 30, 60, 120, 300] as const;

export type RunFigures = {
  model: string;
  stopKind: StopKind;
  runs: number;
  /** Runs that took at most each of DRAFT_DURATION_BUCKETS (cumulative, as Prometheus counts). */
  buckets: number[];
  durationSeconds: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
};

export type DeskFigures = {
  questionsByStatus: { status: QuestionStatus; count: number }[];
  /** The queued question waiting longest for a draft (by the customer's newest message). */
  oldestQueuedAt: Date | null;
  /** The drafted or failed question waiting longest for a person's reply. */
  oldestAwaitingReplyAt: Date | null;
  runs: RunFigures[];
  /** Requests that failed before the model answered, by ModelFailure kind ('unclassified': none). */
  modelErrors: { kind: string; count: number }[];
  emailsOut: { status: EmailDeliveryStatus; count: number }[];
  emailsIn: { outcome: InboundEmailOutcome; count: number }[];
  /** The desk's own SQLite backups that ended, by reason and whether their check passed. */
  backups: { reason: string; ok: boolean; count: number }[];
  /** The newest backup that ended, and the newest that passed its check; null before any. */
  lastBackup: { finishedAt: Date; ok: boolean; sizeBytes: number | null } | null;
  lastGoodBackupAt: Date | null;
};

/** A count, sum or instant as either engine answers it (PostgreSQL's sums come as text). */
const num = (value: unknown): number => Number(value ?? 0);
const instant = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));

/**
 * What a scrape already counted of an append-mostly table, kept per connection: the next scrape
 * reads only the rows added since (by id), so a desk with a million drafting runs does not scan
 * them all every 15 s. Rows are removed only with their question (the example questions); when
 * fewer rows than counted remain up to the last id, or a row committed late under a lower id
 * (PostgreSQL's sequences), the count differs and everything is read again.
 */
type Tally<G> = { lastId: number; rows: number; groups: Map<string, G> };

const tallies = new WeakMap<object, Map<string, Tally<unknown>>>();

async function tallyOf<G>(
  db: Db,
  name: string,
  keptRows: (lastId: number) => Promise<number>,
): Promise<Tally<G>> {
  const empty: Tally<G> = { lastId: 0, rows: 0, groups: new Map() };
  const kept = tallies.get(db)?.get(name) as Tally<G> | undefined;
  if (!kept || (await keptRows(kept.lastId)) !== kept.rows) return empty;
  return kept;
}

function keepTally(db: Db, name: string, tally: Tally<unknown>): void {
  const own = tallies.get(db) ?? new Map<string, Tally<unknown>>();
  own.set(name, tally);
  tallies.set(db, own);
}

type RunGroup = RunFigures & { stopReason: string | null };

/** Drafting runs by model, stop kind and stop reason (a failure's class), added to the tally. */
async function readRunTally(db: Db, tx: Db): Promise<Tally<RunGroup>> {
  const tally = await tallyOf<RunGroup>(db, 'runs', async (lastId) => {
    const [row] = await tx
      .select({ n: sql<unknown>`count(*)` })
      .from(agentRuns)
      .where(lte(agentRuns.id, lastId));
    return num(row?.n);
  });
  const took = sql`(${agentRuns.finishedAt} - ${agentRuns.startedAt})`;
  const bucketColumns = Object.fromEntries(
    DRAFT_DURATION_BUCKETS.map((seconds, i) => [
      `b${i}`,
      sql<unknown>`sum(case when ${took} <= ${sql.raw(String(Math.round(seconds * 1000)))} then 1 else 0 end)`,
    ]),
  );
  const added = await tx
    .select({
      model: agentRuns.model,
      stopKind: agentRuns.stopKind,
      stopReason: agentRuns.stopReason,
      lastId: sql<unknown>`max(${agentRuns.id})`,
      runs: sql<unknown>`count(*)`,
      durationMs: sql<unknown>`sum(${took})`,
      inputTokens: sql<unknown>`sum(${agentRuns.inputTokens})`,
      outputTokens: sql<unknown>`sum(${agentRuns.outputTokens})`,
      cacheReadTokens: sql<unknown>`sum(${agentRuns.cacheReadTokens})`,
      cacheWriteTokens: sql<unknown>`sum(${agentRuns.cacheWriteTokens})`,
      costUsd: sql<unknown>`sum(${agentRuns.costUsd})`,
      ...bucketColumns,
    })
    .from(agentRuns)
    .where(gt(agentRuns.id, tally.lastId))
    .groupBy(agentRuns.model, agentRuns.stopKind, agentRuns.stopReason);
  const groups = new Map(tally.groups);
  let { lastId, rows } = tally;
  for (const row of added) {
    const cells = row as Record<string, unknown>;
    const key = JSON.stringify([row.model, row.stopKind, row.stopReason]);
    const before = groups.get(key);
    const plus = (field: keyof RunFigures, value: unknown) =>
      ((before?.[field] as number | undefined) ?? 0) + num(value);
    groups.set(key, {
      model: row.model,
      stopKind: row.stopKind,
      stopReason: row.stopReason,
      runs: plus('runs', row.runs),
      buckets: DRAFT_DURATION_BUCKETS.map(
        (_, i) => (before?.buckets[i] ?? 0) + num(cells[`b${i}`]),
      ),
      durationSeconds: plus('durationSeconds', num(row.durationMs) / 1000),
      inputTokens: plus('inputTokens', row.inputTokens),
      outputTokens: plus('outputTokens', row.outputTokens),
      cacheReadTokens: plus('cacheReadTokens', row.cacheReadTokens),
      cacheWriteTokens: plus('cacheWriteTokens', row.cacheWriteTokens),
      costUsd: plus('costUsd', row.costUsd),
    });
    lastId = Math.max(lastId, num(row.lastId));
    rows += num(row.runs);
  }
  const next = { lastId, rows, groups };
  keepTally(db, 'runs', next);
  return next;
}

/** The runs by model and stop kind, their stop reasons added together. */
function runFigures(groups: Map<string, RunGroup>): RunFigures[] {
  const byStop = new Map<string, RunFigures>();
  for (const { stopReason: _, ...group } of groups.values()) {
    const key = JSON.stringify([group.model, group.stopKind]);
    const before = byStop.get(key);
    byStop.set(
      key,
      before
        ? {
            ...before,
            runs: before.runs + group.runs,
            buckets: before.buckets.map((n, i) => n + (group.buckets[i] ?? 0)),
            durationSeconds: before.durationSeconds + group.durationSeconds,
            inputTokens: before.inputTokens + group.inputTokens,
            outputTokens: before.outputTokens + group.outputTokens,
            cacheReadTokens: before.cacheReadTokens + group.cacheReadTokens,
            cacheWriteTokens: before.cacheWriteTokens + group.cacheWriteTokens,
            costUsd: before.costUsd + group.costUsd,
          }
        : group,
    );
  }
  return [...byStop.values()].sort(
    (a, b) => a.model.localeCompare(b.model) || a.stopKind.localeCompare(b.stopKind),
  );
}

/** Failed requests by class; failed runs stored before the class was kept name none. */
function modelErrorsOf(groups: Map<string, RunGroup>): DeskFigures['modelErrors'] {
  const byKind = new Map<string, number>();
  for (const group of groups.values()) {
    if (group.stopKind !== 'failed') continue;
    const kind = group.stopReason ?? 'unclassified';
    byKind.set(kind, (byKind.get(kind) ?? 0) + group.runs);
  }
  return [...byKind].map(([kind, count]) => ({ kind, count }));
}

type InboundGroup = { outcome: InboundEmailOutcome; count: number };

/** Emails taken from the mailbox by outcome, added to the tally. */
async function readInboundTally(db: Db, tx: Db): Promise<Tally<InboundGroup>> {
  const tally = await tallyOf<InboundGroup>(db, 'inbound', async (lastId) => {
    const [row] = await tx
      .select({ n: sql<unknown>`count(*)` })
      .from(inboundEmails)
      .where(lte(inboundEmails.id, lastId));
    return num(row?.n);
  });
  const added = await tx
    .select({
      outcome: inboundEmails.outcome,
      lastId: sql<unknown>`max(${inboundEmails.id})`,
      count: sql<unknown>`count(*)`,
    })
    .from(inboundEmails)
    .where(gt(inboundEmails.id, tally.lastId))
    .groupBy(inboundEmails.outcome);
  const groups = new Map(tally.groups);
  let { lastId, rows } = tally;
  for (const row of added) {
    const count = num(row.count);
    groups.set(row.outcome, {
      outcome: row.outcome,
      count: (groups.get(row.outcome)?.count ?? 0) + count,
    });
    lastId = Math.max(lastId, num(row.lastId));
    rows += count;
  }
  const next = { lastId, rows, groups };
  keepTally(db, 'inbound', next);
  return next;
}

export async function readDeskFigures(): Promise<DeskFigures> {
  const db = await getDb();
  return snapshot(db, async (tx) => {
    const statusRows = await tx
      .select({ status: questionStatusCounts.status, count: questionStatusCounts.count })
      .from(questionStatusCounts);
    const [queued] = await tx
      .select({ at: sql<unknown>`min(${questions.lastMessageAt})` })
      .from(questions)
      .where(eq(questions.status, 'queued'));
    const [awaiting] = await tx
      .select({ at: sql<unknown>`min(${questions.lastMessageAt})` })
      .from(questions)
      .where(inArray(questions.status, ['drafted', 'failed']));

    const runs = await readRunTally(db, tx);
    const outRows = await tx
      .select({ status: emailOutbox.status, count: sql<unknown>`count(*)` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    const inbound = await readInboundTally(db, tx);

    const backupRows = await tx
      .select({ reason: backupRuns.reason, ok: backupRuns.ok, count: sql<unknown>`count(*)` })
      .from(backupRuns)
      .where(isNotNull(backupRuns.finishedAt))
      .groupBy(backupRuns.reason, backupRuns.ok);
    const [lastBackup] = await tx
      .select({
        finishedAt: backupRuns.finishedAt,
        ok: backupRuns.ok,
        sizeBytes: backupRuns.sizeBytes,
      })
      .from(backupRuns)
      .where(isNotNull(backupRuns.finishedAt))
      .orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id))
      .limit(1);
    const [lastGood] = await tx
      .select({ at: sql<unknown>`max(${backupRuns.finishedAt})` })
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), eq(backupRuns.ok, true)));

    return {
      questionsByStatus: statusRows.map((row) => ({ status: row.status, count: num(row.count) })),
      oldestQueuedAt: instant(queued?.at),
      oldestAwaitingReplyAt: instant(awaiting?.at),
      runs: runFigures(runs.groups),
      modelErrors: modelErrorsOf(runs.groups),
      emailsOut: outRows.map((row) => ({ status: row.status, count: num(row.count) })),
      emailsIn: [...inbound.groups.values()],
      backups: backupRows.map((row) => ({
        reason: row.reason,
        ok: row.ok === true,
        count: num(row.count),
      })),
      lastBackup: lastBackup?.finishedAt
        ? {
            finishedAt: lastBackup.finishedAt,
            ok: lastBackup.ok === true,
            sizeBytes: lastBackup.sizeBytes,
          }
        : null,
      lastGoodBackupAt: instant(lastGood?.at),
    };
  });
}
