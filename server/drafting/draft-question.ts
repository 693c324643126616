import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import { noteTextsForDrafting } from '@/db/conversation-notes';
import { threadForDrafting } from '@/db/conversations';
import { searchKnowledge } from '@/db/knowledge';
import { recordAttempt, renewLease, type SpendCap } from '@/db/queue';
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
 * The same function serves the worker and a person's "draft now", under the same lease.
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

  // Our own controller: aborted by the caller (shutdown) or by losing the lease.
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', onCallerAbort, { once: true });
  // The caller may have aborted while the facts and the thread were being read.
  if (input.signal.aborted) onCallerAbort();
  let leaseLost = false;
  // One renewal at a time: a beat that comes while the last one still waits for the database
  // is skipped rather than queued behind it.
  let renewing = false;
  const renew = async () => {
    let kept: boolean;
    try {
      kept = await renewLease({
        questionId: question.id,
        leaseToken,
        leaseMs: settings.leaseMs,
        now: new Date(),
      });
    } catch {
      return; // A busy database: the next beat tries again, well before the lease runs out.
    }
    if (!kept) {
      leaseLost = true;
      controller.abort(new Error('The lease on this question was lost.'));
    }
  };
  const heartbeat = setInterval(
    () => {
      if (renewing) return;
      renewing = true;
      // Never rejects (renew catches its own failures); the flag is cleared however it ends.
      void renew().finally(() => {
        renewing = false;
      });
    },
    Math.max(250, Math.floor(settings.leaseMs / 3)),
  );

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
      signal: controller.signal,
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
    if (leaseLost) return { kind: 'leaseLost' };
    if (input.signal.aborted) return { kind: 'aborted' };
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
    clearInterval(heartbeat);
    input.signal.removeEventListener('abort', onCallerAbort);
    publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
  }
}
