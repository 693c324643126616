// `npm run eval -- [--model offline|claude|openai] [--json] [--filter text] [--now 2026-12-01T10:00]
//   [--min-pass 0.95] [files…]`: drafts every case in evals/ (or the files given) against the
// example bakery, in memory, grades each draft by the facts it must and must not say, and prints
// the pass rate (across all folders, held-out included, then each folder's own), turns, tokens,
// dollars and time. --min-pass holds every folder but held-out/ (never tuned to) to the minimum.
// Writes nothing to the desk's database.
import './eval-on-sqlite';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@/db/client';
import { exampleBakeryData } from '@/db/example-bakery';
import { searchKnowledge } from '@/db/knowledge';
import {
  bakeryTools,
  createModel,
  type DraftModelKind,
  draftModelKinds,
  limitsFromEnv,
  modelConfigFromEnv,
  parseWallTime,
  runAgent,
} from '@/lib/agent';
import { env } from '@/lib/env';
import {
  caseGroup,
  duplicateIds,
  type EvalCase,
  filterCases,
  parseEvalSet,
  withFixtures,
} from '@/lib/eval/cases';
import { draftOf, gradeDraft } from '@/lib/eval/grade';
import {
  type CaseResult,
  caseResult,
  formatReport,
  gatedFigure,
  parseMinPass,
  summarize,
} from '@/lib/eval/report';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

/** The clock the set is written against unless a case or --now says otherwise: a Tuesday morning. */
const defaultNow = '2026-12-01T10:00';

function fail(message: string): never {
  throw new CommandExit(2, `eval: ${message}`);
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        model: { type: 'string' },
        json: { type: 'boolean', default: false },
        filter: { type: 'string' },
        now: { type: 'string' },
        'min-pass': { type: 'string' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
}

function caseFiles(paths: string[]): string[] {
  const roots = paths.length > 0 ? paths : ['evals'];
  return roots.flatMap((root) => {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(root);
    } catch {
      return fail(`no such file or folder: ${root}`);
    }
    if (!stats.isDirectory()) return [root];
    // Sub-folders too: evals/held-out/*.json is graded with the rest and reported on its own.
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(root, name));
  });
}

/** Every case in the files, and the folder each one's figures are reported under. */
function loadCases(files: string[]): { cases: EvalCase[]; groups: Map<string, string> } {
  const groups = new Map<string, string>();
  const cases = files.flatMap((file) => {
    const parsed = parseEvalSet(readFileSync(file, 'utf8'), file);
    if (!parsed.ok) return fail(parsed.message);
    for (const c of parsed.cases) groups.set(c.id, caseGroup(file));
    return parsed.cases;
  });
  const twice = duplicateIds(cases);
  if (twice.length > 0) fail(`case ids must be unique; repeated: ${twice.join(', ')}`);
  return { cases, groups };
}

function localInstant(value: string, timezone: string, flag: string): Date {
  return (
    parseWallTime(value, timezone) ??
    fail(`${flag} must look like 2026-12-01T10:00 (the bakery's local time), not "${value}"`)
  );
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parse(argv);
  const model = values.model ?? 'offline';
  if (!(draftModelKinds as readonly string[]).includes(model)) {
    fail(
      `--model must be ${draftModelKinds.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, not "${model}"`,
    );
  }
  const minPass = parseMinPass(values['min-pass']);
  if (minPass === null)
    fail(`--min-pass must be a share such as 0.95 or 95, not "${values['min-pass']}"`);
  const config = env();
  const base = exampleBakeryData();
  if (values.now !== undefined) localInstant(values.now, base.timezone, '--now');
  const loaded = loadCases(caseFiles(positionals));
  const cases = filterCases(loaded.cases, values.filter);
  if (cases.length === 0) fail('no case matches');

  // The example bakery's knowledge entries, searched as the desk searches them: a scratch
  // database seeded like a fresh install, removed afterwards.
  const scratch = mkdtempSync(join(tmpdir(), 'bakery-desk-eval-'));
  const db = await openDatabase({ path: join(scratch, 'eval.db') });
  try {
    return await evaluate({
      values,
      cases,
      groups: loaded.groups,
      base,
      config,
      model,
      minPass,
      db,
      io,
    });
  } finally {
    db.$client.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function evaluate({
  values,
  cases,
  groups,
  base,
  config,
  model,
  minPass,
  db,
  io,
}: {
  values: ReturnType<typeof parse>['values'];
  cases: EvalCase[];
  groups: Map<string, string>;
  base: ReturnType<typeof exampleBakeryData>;
  config: ReturnType<typeof env>;
  model: string;
  minPass: number;
  db: Awaited<ReturnType<typeof openDatabase>>;
  io: CommandIo;
}): Promise<number> {
  const ports = {
    searchKnowledge: (query: string, limit: number) => searchKnowledge({ query, limit, db }),
  };

  const results: CaseResult[] = [];
  let modelName = model;
  for (const testCase of cases) {
    const facts = withFixtures(base, testCase.fixtures);
    const now = localInstant(values.now ?? testCase.now ?? defaultNow, facts.timezone, 'now');
    // When the question arrived: relative days are read as of it. Never after the draft.
    const asked = testCase.askedAt
      ? localInstant(testCase.askedAt, facts.timezone, 'askedAt')
      : now;
    const askedAt = new Date(Math.min(asked.getTime(), now.getTime()));
    const drafter = createModel(
      modelConfigFromEnv(config, { facts, now, askedAt, model: model as DraftModelKind }),
    );
    modelName = drafter.name;
    const started = performance.now();
    const run = await runAgent({
      model: drafter,
      tools: bakeryTools(facts, { now, askedAt }, ports),
      task: testCase.question,
      earlier: testCase.earlier,
      limits: limitsFromEnv(config),
    });
    const ms = performance.now() - started;
    const grade = gradeDraft(testCase, draftOf(run));
    const group = groups.get(testCase.id);
    results.push(
      caseResult({ id: testCase.id, group, question: testCase.question, run, grade, ms }),
    );
    if (!values.json) io.progress(grade.pass ? '.' : 'F');
  }
  const summary = summarize(modelName, results);
  if (values.json) {
    io.out(JSON.stringify({ summary, cases: results }, null, 2));
  } else {
    io.progress('\n');
    io.out(formatReport(results, summary));
  }
  const gated = gatedFigure(summary);
  if (gated.passRate < minPass) {
    if (!values.json) {
      const where = gated.label ? ` (${gated.passed}/${gated.cases} ${gated.label})` : '';
      io.out(`below the minimum pass rate of ${(minPass * 100).toFixed(1)}%${where}`);
    }
    return 1;
  }
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'eval' });
