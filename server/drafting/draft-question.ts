import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import { noteTextsForDrafting } from '@/db/conversation-notes';
import { threadForDrafting } from '@/db/conversations';
import { searchKnowledge } from '@/db/knowledge';
import { recordAttempt, type SpendCap } from '@/db/queue';
import type { Question } from '@/db/schema';
import {
  type BakeryData,
  bakeryTools,
  type Limits,
  type Model,
  modelFailureOf,
  runAgent,
  spentBeforeFailure,
} from '@/lib/agent';
import { afterFailedAttempt } from '@/lib/drafting/policy';
import { isLeaseLost } from '../jobs/runner';
import { publishDeskEvent } from './live';
import { rowsForFailedRequest, rowsForRun } from './run-rows';

export type DraftSettings = {
  /** A fresh model conversation for one run, over the facts read for that run. */
  makeModel: (input: {
    facts: BakeryData;
    now: Date;
    askedAt: Date;
    /** The name the customer gave, for the draft's greeting. */
    customerName?: string | null;
  }) => Model | Promise<Model>;
  limits: Limits;
  leaseMs: number;
  maxAttempts: number;
  /**
   * Set for a paid model: drafts wait once the day's budget is spent. A function is asked at
   * each claim, since the model may change while the worker runs.
   */
  budget?: SpendCap | (() => Promise<SpendCap | undefined>);
};

export type DraftOutcome =
  | { kind: 'stored'; runId: number; status: 'drafted' | 'queued' | 'failed' }
  | { kind: 'aborted' }
  | { kind: 'leaseLost' }
  /** Something other than the model failed (the database, a bug); nothing was stored. */
  | { kind: 'crashed'; message: string };

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * The conversation as a run reads it: the newest customer message to answer, everything before
 * it, and which messages those were. A conversation always opens with a customer message; the
 * question's own text stands in only for one whose messages were never written.
 */
async function readThread(question: Question) {
  const messages = await threadForDrafting({ questionId: question.id });
  const newestIndex = messages.findLastIndex((message) => message.author === 'customer');
  const newest = messages[newestIndex];
  if (!newest) {
    return {
      task: question.text,
      earlier: [],
      askedAt: question.receivedAt,
      read: { answeredMessageId: null, messagesRead: 0 },
    };
  }
  return {
    task: newest.text,
    earlier: messages
      .slice(0, newestIndex)
      .map((message) => ({ author: message.author, text: message.text })),
    askedAt: newest.at,
    read: { answeredMessageId: newest.id, messagesRead: newestIndex + 1 },
  };
}

/**
 * Drafts one question that the caller has claimed: reads the bakery's current facts, runs the
 * agent, and stores the run, its tool calls and the question's new state in one transaction.
 * The same function serves the worker and a person's "draft now", under the same lease; the
 * caller renews it (the job runner, or `holdLease`) and aborts `signal` once it is lost.
 */
export async function draftClaimedQuestion(input: {
  question: Question;
  owner: string;
  signal: AbortSignal;
  settings: DraftSettings;
}): Promise<DraftOutcome> {
  const { question, settings } = input;
  // The claim's own token, not the process's: another slot may hold this question by now.
  const leaseToken = question.leaseToken ?? '';
  const startedAt = new Date();
  const { data, factsVersion } = await getBakeryData();
  const thread = await readThread(question);
  const notes = await noteTextsForDrafting({ questionId: question.id });

  let model: Model | undefined;
  try {
    // Relative days are read as of when the newest message arrived, even for a backlog or a
    // redraft.
    const clock = { now: startedAt, askedAt: thread.askedAt };
    model = await settings.makeModel({
      facts: data,
      ...clock,
      customerName: question.customerName,
    });
    const run = await runAgent({
      model,
      tools: bakeryTools(data, clock, {
        searchKnowledge: (query, limit) => searchKnowledge({ query, limit }),
      }),
      task: thread.task,
      earlier: thread.earlier,
      notes,
      limits: settings.limits,
      signal: input.signal,
      onEvent: (event) =>
        publishDeskEvent({ kind: 'draftProgress', questionId: question.id, event }),
    });
    const rows = rowsForRun(run, {
      startedAt,
      finishedAt: new Date(),
      factsVersion,
      ...thread.read,
    });
    const stored = await recordAttempt({
      questionId: question.id,
      leaseToken,
      run: rows.run,
      calls: rows.calls,
      next: { status: 'drafted' },
      now: new Date(),
    });
    if (!stored.ok) return { kind: 'leaseLost' };
    return { kind: 'stored', runId: stored.runId, status: 'drafted' };
  } catch (error) {
    // Stopping, or the lease lost to a later claim (whoever holds the lease renews it and aborts
    // the signal): nothing is written under a lease that may be someone else's now.
    if (input.signal.aborted) {
      return isLeaseLost(input.signal.reason) ? { kind: 'leaseLost' } : { kind: 'aborted' };
    }
    const message = errorMessage(error);
    const next = afterFailedAttempt({
      attempts: question.attempts,
      maxAttempts: settings.maxAttempts,
      now: new Date(),
      // What is not a classified model failure (a model that cannot be built, a bug) is tried again.
      retryable: modelFailureOf(error)?.retryable ?? true,
    });
    const stored = await recordAttempt({
      questionId: question.id,
      leaseToken,
      run: rowsForFailedRequest({
        model: model?.name ?? 'unavailable',
        error: message,
        failureKind: modelFailureOf(error)?.kind ?? null,
        spent: spentBeforeFailure(error),
        startedAt,
        finishedAt: new Date(),
        factsVersion,
        ...thread.read,
      }),
      calls: [],
      next: { ...next, lastError: message },
      now: new Date(),
    });
    if (!stored.ok) return { kind: 'leaseLost' };
    return { kind: 'stored', runId: stored.runId, status: next.status };
  } finally {
    publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
  }
}
