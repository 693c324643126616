// `npm run draft -- [--json] [--now 2026-12-01T10:00] [--asked-at 2026-11-30T23:55]
// [--model offline|claude|openai] "question"`: drafts one answer from the bakery at DATABASE_PATH and
// prints each lookup, the stop and the draft.
import { parseArgs } from 'node:util';
import { getBakeryData } from '@/db/bakery-data';
import { closeDb } from '@/db/client';
import { searchKnowledge } from '@/db/knowledge';
import {
  bakeryTools,
  createModel,
  type DraftModelKind,
  describeCost,
  draftModelKinds,
  limitsFromEnv,
  modelConfigFromEnv,
  parseWallTime,
  type Run,
  runAgent,
  totalTokens,
} from '@/lib/agent';
import { env } from '@/lib/env';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

function fail(message: string): never {
  throw new CommandExit(2, `draft: ${message}`);
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        now: { type: 'string' },
        'asked-at': { type: 'string' },
        model: { type: 'string' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
}

function describeStop(run: Run): string {
  const spent = run.spent;
  const reason = run.stop.kind === 'modelStopped' ? ` (${run.stop.reason})` : '';
  const tokens = totalTokens(spent);
  const cost = describeCost({ model: run.model, costUsd: spent.costUsd, tokens });
  return `${run.stop.kind}${reason} after ${spent.turns} turn${spent.turns === 1 ? '' : 's'}, ${tokens} tokens, ${cost} (${run.model})`;
}

function printTrace(run: Run, io: CommandIo): void {
  for (const step of run.steps) {
    io.out(`${step.call.id} ${step.call.name} ${JSON.stringify(step.call.input)}`);
    io.out(
      step.result.isError
        ? `   error ${step.result.errorKind}: ${step.result.content}`
        : `   ${step.result.content}`,
    );
  }
  io.out(describeStop(run));
  if (run.needsPerson) {
    io.out(`needs a person: ${run.needsPerson.reason} (${run.needsPerson.note})`);
  }
  if (run.stop.kind === 'answered') io.out(`\n${run.stop.text}`);
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parse(argv);
  const question = positionals.join(' ').trim();
  if (!question)
    fail('give the customer\'s question, e.g. npm run draft -- "Are you open Monday?"');
  if (
    values.model !== undefined &&
    !(draftModelKinds as readonly string[]).includes(values.model)
  ) {
    fail(
      `--model must be ${draftModelKinds.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, not "${values.model}"`,
    );
  }
  const config = env();
  const { data: facts } = await getBakeryData();

  const wallTime = (flag: string, text: string): Date =>
    parseWallTime(text, facts.timezone) ??
    fail(`${flag} must look like 2026-12-01T10:00 (the bakery's local time), not "${text}"`);
  const now = values.now === undefined ? new Date() : wallTime('--now', values.now);
  // When the question arrived: "today", "tomorrow" and weekdays are read as of it.
  const askedAt =
    values['asked-at'] === undefined ? now : wallTime('--asked-at', values['asked-at']);
  if (askedAt > now) fail('--asked-at must not be after --now');
  const model = createModel(
    modelConfigFromEnv(config, {
      facts,
      now,
      askedAt,
      model: values.model as DraftModelKind | undefined,
    }),
  );
  const run = await runAgent({
    model,
    tools: bakeryTools(
      facts,
      { now, askedAt },
      { searchKnowledge: (query, limit) => searchKnowledge({ query, limit }) },
    ),
    task: question,
    limits: limitsFromEnv(config),
  });
  await closeDb();
  if (values.json) io.out(JSON.stringify(run, null, 2));
  else printTrace(run, io);
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'draft' });
