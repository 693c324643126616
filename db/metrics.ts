import 'server-only';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type {
  EmailDeliveryStatus,
  InboundEmailOutcome,
  QuestionStatus,
  StopKind,
} from '@/lib/domain';
import { getDb, snapshot } from './client';
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
 * small table, apart from the runs, which are read whole once per scrape.
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

    const took = sql`(${agentRuns.finishedAt} - ${agentRuns.startedAt})`;
    const bucketColumns = Object.fromEntries(
      DRAFT_DURATION_BUCKETS.map((seconds, i) => [
        `b${i}`,
        sql<unknown>`sum(case when ${took} <= ${sql.raw(String(Math.round(seconds * 1000)))} then 1 else 0 end)`,
      ]),
    );
    const runRows = await tx
      .select({
        model: agentRuns.model,
        stopKind: agentRuns.stopKind,
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
      .groupBy(agentRuns.model, agentRuns.stopKind)
      .orderBy(agentRuns.model, agentRuns.stopKind);

    const errorRows = await tx
      .select({ kind: agentRuns.stopReason, count: sql<unknown>`count(*)` })
      .from(agentRuns)
      .where(eq(agentRuns.stopKind, 'failed'))
      .groupBy(agentRuns.stopReason);
    const outRows = await tx
      .select({ status: emailOutbox.status, count: sql<unknown>`count(*)` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    const inRows = await tx
      .select({ outcome: inboundEmails.outcome, count: sql<unknown>`count(*)` })
      .from(inboundEmails)
      .groupBy(inboundEmails.outcome);

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
      runs: runRows.map((row) => {
        const cells = row as Record<string, unknown>;
        return {
          model: row.model,
          stopKind: row.stopKind,
          runs: num(row.runs),
          buckets: DRAFT_DURATION_BUCKETS.map((_, i) => num(cells[`b${i}`])),
          durationSeconds: num(row.durationMs) / 1000,
          inputTokens: num(row.inputTokens),
          outputTokens: num(row.outputTokens),
          cacheReadTokens: num(row.cacheReadTokens),
          cacheWriteTokens: num(row.cacheWriteTokens),
          costUsd: num(row.costUsd),
        };
      }),
      // Failed runs before the failure's kind was kept name none.
      modelErrors: errorRows.map((row) => ({
        kind: row.kind ?? 'unclassified',
        count: num(row.count),
      })),
      emailsOut: outRows.map((row) => ({ status: row.status, count: num(row.count) })),
      emailsIn: inRows.map((row) => ({ outcome: row.outcome, count: num(row.count) })),
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
