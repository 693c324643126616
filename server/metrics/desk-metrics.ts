import 'server-only';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { listMailChannels } from '@/db/mail-channels';
import { type DeskFigures, DRAFT_DURATION_BUCKETS, readDeskFigures } from '@/db/metrics';
import { inboundEmailOutcomes, questionStatuses } from '@/lib/domain';
import { type MailChannelView, mailChannelView } from '@/lib/mail/channel-state';
import { databaseAway } from '@/server/database-away';
import { logger } from '@/server/log';
import { type Channel, incomingMail, outgoingMail } from '@/server/mail/mail-config';

/**
 * GET /metrics's text, in three parts:
 * - this process's own: memory, CPU, event-loop lag and the rest of prom-client's default
 *   metrics (prefixed `bakery_desk_`), and whatever else registers with `metricsRegistry()`;
 * - this server process's HTTP requests, counted by scripts/http-edge.mjs (`next start` only);
 * - the desk's work, read from the database at each scrape (db/metrics.ts), so it counts what
 *   every process did, the server and any `npm run worker` alike, and survives restarts.
 */

const PREFIX = 'bakery_desk_';
const PROCESS_KEY = Symbol.for('bakery-desk.process-metrics');
const HTTP_KEY = Symbol.for('bakery-desk.http-metrics');

type Globals = Record<symbol, { registry: Registry } | Registry | undefined>;

/**
 * This process's registry, with the default metrics collected into it from the first call. A
 * module that keeps a figure of its own (the last backup, say) registers a prom-client metric
 * here: `new Gauge({ name: 'bakery_desk_…', help, registers: [metricsRegistry()], collect })`.
 */
export function metricsRegistry(): Registry {
  const globals = globalThis as unknown as Globals;
  let registry = globals[PROCESS_KEY] as Registry | undefined;
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: PREFIX });
    globals[PROCESS_KEY] = registry;
  }
  return registry;
}

/** The HTTP requests scripts/http-edge.mjs counted in this process; none without the edge. */
function httpRegistry(): Registry | undefined {
  return ((globalThis as unknown as Globals)[HTTP_KEY] as { registry: Registry } | undefined)
    ?.registry;
}

type Labels = Record<string, string>;
type Sample = { value: number; labels?: Labels; metricName?: string };

/** A metric whose values were read once for this scrape, in prom-client's registry shape. */
function family(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  values: Sample[],
) {
  const metric = { name: PREFIX + name, help, type, values, aggregator: 'sum' as const };
  return { name: metric.name, get: async () => metric, reset: () => {} };
}

/** Every label value of a closed set, with 0 for those no row has, so a series never vanishes. */
function everyOf<K extends string>(
  keys: readonly K[],
  rows: { key: K; count: number }[],
  label: string,
): Sample[] {
  return keys.map((key) => ({
    value: rows.find((row) => row.key === key)?.count ?? 0,
    labels: { [label]: key },
  }));
}

const ageSeconds = (since: Date | null, now: Date) =>
  since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0;

function workFamilies(figures: DeskFigures, now: Date) {
  const count = (status: string) =>
    figures.questionsByStatus.find((row) => row.status === status)?.count ?? 0;
  const histogram: Sample[] = figures.runs.flatMap((run) => {
    const labels = { model: run.model, stop_kind: run.stopKind };
    return [
      ...DRAFT_DURATION_BUCKETS.map((le, i) => ({
        metricName: `${PREFIX}draft_duration_seconds_bucket`,
        labels: { ...labels, le: String(le) },
        value: run.buckets[i] ?? 0,
      })),
      {
        metricName: `${PREFIX}draft_duration_seconds_bucket`,
        labels: { ...labels, le: '+Inf' },
        value: run.runs,
      },
      {
        metricName: `${PREFIX}draft_duration_seconds_sum`,
        labels,
        value: run.durationSeconds,
      },
      { metricName: `${PREFIX}draft_duration_seconds_count`, labels, value: run.runs },
    ];
  });
  const perModel = new Map<string, RunTotals>();
  for (const run of figures.runs) {
    const totals = perModel.get(run.model) ?? { ...noTotals };
    for (const key of Object.keys(noTotals) as (keyof RunTotals)[]) totals[key] += run[key];
    perModel.set(run.model, totals);
  }
  const models = [...perModel];
  const emailsOut = figures.emailsOut.map((row) => ({ key: row.status, count: row.count }));
  return [
    family(
      'questions',
      'gauge',
      'Questions in each status now.',
      everyOf(
        questionStatuses,
        figures.questionsByStatus.map((row) => ({ key: row.status, count: row.count })),
        'status',
      ),
    ),
    family('draft_queue_depth', 'gauge', 'Questions queued for a draft now.', [
      { value: count('queued') },
    ]),
    family(
      'draft_queue_oldest_age_seconds',
      'gauge',
      'How long the queued question waiting longest has waited since its newest message (0: none).',
      [{ value: ageSeconds(figures.oldestQueuedAt, now) }],
    ),
    family(
      'awaiting_reply_oldest_age_seconds',
      'gauge',
      'How long the drafted or failed question waiting longest for a person has waited since its newest message (0: none).',
      [{ value: ageSeconds(figures.oldestAwaitingReplyAt, now) }],
    ),
    family(
      'drafts_total',
      'counter',
      'Drafting runs stored, by model and how they stopped.',
      figures.runs.map((run) => ({
        value: run.runs,
        labels: { model: run.model, stop_kind: run.stopKind },
      })),
    ),
    family(
      'draft_duration_seconds',
      'histogram',
      'How long drafting runs took, by model and how they stopped.',
      histogram,
    ),
    family(
      'draft_tokens_total',
      'counter',
      'Model tokens used by drafting runs, by model and kind.',
      models.flatMap(([model, totals]) =>
        (
          [
            ['input', totals.inputTokens],
            ['output', totals.outputTokens],
            ['cache_read', totals.cacheReadTokens],
            ['cache_write', totals.cacheWriteTokens],
          ] as const
        ).map(([kind, value]) => ({ value, labels: { model, kind } })),
      ),
    ),
    family(
      'draft_cost_usd_total',
      'counter',
      'What drafting runs cost in US dollars, by model.',
      models.map(([model, totals]) => ({ value: totals.costUsd, labels: { model } })),
    ),
    family(
      'model_errors_total',
      'counter',
      'Model requests that failed before the model answered, by class (unclassified: runs stored before the class was kept, or a fault that was not the model’s).',
      figures.modelErrors.map((row) => ({ value: row.count, labels: { class: row.kind } })),
    ),
    family(
      'emails_out_total',
      'counter',
      'Reply emails the mail server accepted (sent) or refused for good (failed).',
      everyOf(['sent', 'failed'] as const, emailsOut, 'outcome'),
    ),
    family(
      'emails_out_waiting',
      'gauge',
      'Reply emails not handed over yet: queued (including those waiting to retry) or being sent.',
      everyOf(['queued', 'sending'] as const, emailsOut, 'status'),
    ),
    ...backupFamilies(figures),
    family(
      'emails_in_total',
      'counter',
      'Customers’ emails taken from the mailbox, by what became of them.',
      everyOf(
        inboundEmailOutcomes,
        figures.emailsIn.map((row) => ({ key: row.outcome, count: row.count })),
        'outcome',
      ),
    ),
  ];
}

/** The desk's own SQLite backups (db/backup-runs.ts): none on PostgreSQL, where pg_dump does it. */
function backupFamilies(figures: DeskFigures) {
  const last = figures.lastBackup;
  const seconds = (at: Date) => at.getTime() / 1000;
  return [
    family(
      'backups_total',
      'counter',
      'Backups the desk took that ended, by reason (daily, migration, upgrade) and whether their check passed (outcome ok or failed).',
      figures.backups.map((row) => ({
        value: row.count,
        labels: { reason: row.reason, outcome: row.ok ? 'ok' : 'failed' },
      })),
    ),
    family(
      'last_backup_timestamp_seconds',
      'gauge',
      'When the newest backup ended (Unix seconds); absent before the first.',
      last ? [{ value: seconds(last.finishedAt) }] : [],
    ),
    family(
      'last_backup_ok',
      'gauge',
      'Whether the newest backup passed its check (integrity and row counts); absent before the first.',
      last ? [{ value: last.ok ? 1 : 0 }] : [],
    ),
    family(
      'last_backup_size_bytes',
      'gauge',
      'The size of the newest backup’s file; absent before the first.',
      last?.sizeBytes != null ? [{ value: last.sizeBytes }] : [],
    ),
    family(
      'last_good_backup_timestamp_seconds',
      'gauge',
      'When the newest backup that passed its check ended (Unix seconds); absent before one did.',
      figures.lastGoodBackupAt ? [{ value: seconds(figures.lastGoodBackupAt) }] : [],
    ),
  ];
}

type RunTotals = {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number;
};
const noTotals: RunTotals = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0,
};

const channelStates: MailChannelView['state'][] = [
  'not configured',
  'not checked yet',
  'healthy',
  'failing',
];

function shownOf(channel: Channel<{ shown: string }>): string | null {
  if (channel.state === 'off') return null;
  return channel.state === 'ready' ? channel.config.shown : channel.shown;
}

/** The mail channels as Settings shows them: set up or not, and the server's last answer. */
async function mailFamilies() {
  const [outgoing, incoming, rows] = await Promise.all([
    outgoingMail(),
    incomingMail(),
    listMailChannels(),
  ]);
  const views = [
    mailChannelView({
      name: 'smtp',
      server: shownOf(outgoing),
      row: rows.find((row) => row.name === 'smtp'),
    }),
    mailChannelView({
      name: 'imap',
      server: shownOf(incoming),
      row: rows.find((row) => row.name === 'imap'),
    }),
  ];
  const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : undefined);
  const at = (pick: (view: MailChannelView) => Date | null) =>
    views.flatMap((view) => {
      const value = seconds(pick(view));
      return value === undefined ? [] : [{ value, labels: { channel: view.name } }];
    });
  return [
    family(
      'mail_channel_up',
      'gauge',
      'Whether a mail channel (smtp: replies out, imap: the mailbox) is set up and its server’s last answer was good.',
      views.map((view) => ({
        value: view.state === 'healthy' ? 1 : 0,
        labels: { channel: view.name },
      })),
    ),
    family(
      'mail_channel_state',
      'gauge',
      'Each mail channel’s state as Settings shows it: 1 for the state it is in.',
      views.flatMap((view) =>
        channelStates.map((state) => ({
          value: view.state === state ? 1 : 0,
          labels: { channel: view.name, state },
        })),
      ),
    ),
    family(
      'mail_channel_last_ok_timestamp_seconds',
      'gauge',
      'When a mail channel’s server last answered well (Unix seconds).',
      at((view) => view.lastOkAt),
    ),
    family(
      'mail_channel_last_error_timestamp_seconds',
      'gauge',
      'When a mail channel’s server last failed (Unix seconds).',
      at((view) => view.lastErrorAt),
    ),
  ];
}

/** The whole exposition, and its content type. */
export async function deskMetrics(now = new Date()): Promise<{ text: string; type: string }> {
  let fromDatabase: ReturnType<typeof family>[];
  let up = 1;
  try {
    fromDatabase = [...workFamilies(await readDeskFigures(), now), ...(await mailFamilies())];
  } catch (error) {
    // The process's own figures still answer, and say the rest could not be read; the log says
    // why (once while the database is away, every time for anything else).
    if (!databaseAway(error, 'GET /metrics')) {
      logger('metrics').error({ err: error }, 'the desk’s figures could not be read');
    }
    fromDatabase = [];
    up = 0;
  }
  const scrape = new Registry();
  for (const metric of [
    ...fromDatabase,
    family(
      'metrics_database_up',
      'gauge',
      'Whether this scrape could read the desk’s figures from the database.',
      [{ value: up }],
    ),
  ]) {
    scrape.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  }
  const http = httpRegistry();
  const merged = Registry.merge([metricsRegistry(), ...(http ? [http] : []), scrape]);
  return { text: await merged.metrics(), type: merged.contentType };
}
