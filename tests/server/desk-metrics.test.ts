import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gauge } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/db/client';
import { createQuestion } from '@/db/questions';
import { agentRuns } from '@/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { deskMetrics, metricsRegistry } from '@/server/metrics/desk-metrics';
import { useTempDatabase } from '../support/temp-db';

/*
 * The exposition GET /metrics sends, built in this process: the figures read from the database
 * in Prometheus's own shapes, a module's own metric registered beside them, and what a scrape
 * still says when the database cannot be read.
 */

const saved = { ...process.env };
let temp: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  temp = await useTempDatabase();
});
afterEach(async () => {
  await temp.cleanup();
  process.env = { ...saved };
  resetEnvForTests();
});

const lines = (text: string) => text.split('\n');

describe('the /metrics exposition', () => {
  it('writes the drafting runs as a histogram and counters, with every question status and email outcome', async () => {
    const { question } = await createQuestion({
      text: 'Rye?',
      customerName: 'Ada',
      customerEmail: null,
      channel: 'api',
    });
    const start = new Date('2026-12-01T09:00:00Z');
    await (await getDb()).insert(agentRuns).values(
      [200, 3_000].map((ms) => ({
        questionId: question.id,
        model: 'claude-x',
        stopKind: 'answered' as const,
        factsVersion: 1,
        startedAt: start,
        finishedAt: new Date(start.getTime() + ms),
        inputTokens: 7,
        costUsd: 0.125,
      })),
    );

    const { text, type } = await deskMetrics();
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const all = lines(text);
    const labels = 'model="claude-x",stop_kind="answered"';
    expect(all).toContain('# TYPE bakery_desk_draft_duration_seconds histogram');
    expect(all).toContain(`bakery_desk_draft_duration_seconds_bucket{${labels},le="0.05"} 0`);
    expect(all).toContain(`bakery_desk_draft_duration_seconds_bucket{${labels},le="0.25"} 1`);
    expect(all).toContain(`bakery_desk_draft_duration_seconds_bucket{${labels},le="5"} 2`);
    expect(all).toContain(`bakery_desk_draft_duration_seconds_bucket{${labels},le="+Inf"} 2`);
    expect(all).toContain(`bakery_desk_draft_duration_seconds_sum{${labels}} 3.2`);
    expect(all).toContain(`bakery_desk_draft_duration_seconds_count{${labels}} 2`);
    expect(all).toContain('# TYPE bakery_desk_drafts_total counter');
    expect(all).toContain(`bakery_desk_drafts_total{${labels}} 2`);
    expect(all).toContain('bakery_desk_draft_tokens_total{model="claude-x",kind="input"} 14');
    expect(all).toContain('bakery_desk_draft_cost_usd_total{model="claude-x"} 0.25');
    // Statuses and outcomes no row has yet are there at 0, so a series never appears late.
    expect(all).toContain('bakery_desk_questions{status="failed"} 0');
    expect(all).toContain('bakery_desk_emails_in_total{outcome="too large"} 0');
    expect(all).toContain(
      'bakery_desk_mail_channel_state{channel="smtp",state="not configured"} 1',
    );
    expect(all).toContain('bakery_desk_metrics_database_up 1');
    // Every sample's name was declared with its HELP and TYPE.
    const declared = new Set(
      all.filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2]),
    );
    for (const line of all.filter((line) => line && !line.startsWith('#'))) {
      const name = /^[\w:]+/.exec(line)?.[0] ?? '';
      const family = name.replace(/_(bucket|sum|count)$/, '');
      expect(declared.has(name) || declared.has(family), line).toBe(true);
    }
  });

  it('shows a metric a module registers with metricsRegistry()', async () => {
    const gauge = new Gauge({
      name: 'bakery_desk_test_registered_total',
      help: 'A module’s own figure.',
      registers: [metricsRegistry()],
    });
    try {
      gauge.set(42);
      expect(lines((await deskMetrics()).text)).toContain('bakery_desk_test_registered_total 42');
    } finally {
      metricsRegistry().removeSingleMetric('bakery_desk_test_registered_total');
    }
  });

  it('still answers when the database cannot be read: the process figures, and that it could not', async () => {
    await closeDb();
    const dir = mkdtempSync(join(tmpdir(), 'bakery-metrics-'));
    try {
      // A folder where the file should be: nothing can open it.
      process.env.DATABASE_PATH = dir;
      resetEnvForTests();
      const { text } = await deskMetrics();
      const all = lines(text);
      expect(all).toContain('bakery_desk_metrics_database_up 0');
      expect(
        all.some((line) => line.startsWith('bakery_desk_process_resident_memory_bytes ')),
      ).toBe(true);
      expect(all.some((line) => line.startsWith('bakery_desk_questions{'))).toBe(false);
    } finally {
      await closeDb();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
