import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { costOf } from '@/lib/agent/models/claude/prices';
import { DEFAULT_CLAUDE_MODEL, resetEnvForTests } from '@/lib/env';
import { mailOutFromEnv } from '@/server/mail/settings';
import { type BuiltServer, holdBuiltApp, startBuiltServer } from '../support/built-server';
import { type Dovecot, freePort, startDovecot } from '../support/dovecot';
import { staffMember } from '../support/email-conversation';
import { type FakeAnthropic, fake, startFakeAnthropic } from '../support/fake-anthropic';
import { killGroup, waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { sqlRun, sqlValue } from '../support/sql';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';

/*
 * GET /metrics scraped over HTTP from the desk as an operator runs it (`npm start`: the edge,
 * `next start`, drafting with Claude and handling email in the server), before and after a known
 * workload: three questions through the intake API, their drafts (one a model failure), a
 * customer's email in through a real Dovecot and the reply out through a real SMTP server. Each
 * counter must move by exactly what the workload did. Then who may read it: this machine, a
 * scraper elsewhere with the token, and nobody else (another address of this machine stands for
 * the network; 127.0.0.2 for a reverse proxy on the loopback).
 */

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const INTAKE_KEY = 'intake-key-for-the-test';
const USAGE = {
  input_tokens: 100,
  output_tokens: 20,
  cache_read_input_tokens: 10,
  cache_creation_input_tokens: 5,
};
const MODEL = DEFAULT_CLAUDE_MODEL;

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, one sample a line. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key as string] = value as string;
      }
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with this name and (at least) these labels; 0 when none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches several`);
  return found[0]?.value ?? 0;
}

type Answer = { status: number; body: string; type: string };

/** One GET over a socket of our choosing: to `host`, from `localAddress`. */
function get(
  port: number,
  path: string,
  {
    host = '127.0.0.1',
    localAddress,
    headers = {},
  }: { host?: string; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host,
        port,
        path,
        localAddress,
        // The desk's own name: the host check passes, only the address differs.
        headers: { host: `127.0.0.1:${port}`, connection: 'close', ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            type: String(response.headers['content-type'] ?? ''),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** An address of this machine that is not the loopback: a connection to it comes from it. */
function networkAddress(): string | undefined {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return (
    all.find((address) => !address.internal && address.family === 'IPv4')?.address ??
    all.find(
      (address) =>
        !address.internal && address.family === 'IPv6' && !address.address.startsWith('fe80'),
    )?.address
  );
}

const emailFromCleo = Buffer.from(
  'From: Cleo <cleo@customer.example>\r\nTo: orders@juniper.example\r\nSubject: Rye on Saturday\r\nMessage-ID: <cleo-1@customer.example>\r\nDate: Tue, 1 Dec 2026 09:00:00 +0000\r\n\r\nDo you have rye bread on Saturday?\r\n',
);

describe('GET /metrics on a running desk', () => {
  let build: Awaited<ReturnType<typeof holdBuiltApp>>;
  let temp: TempDatabase;
  let claude: FakeAnthropic;
  let sink: SmtpSink;
  let dovecot: Dovecot;
  let desk: BuiltServer;
  let port: number;
  const saved = { ...process.env };

  beforeAll(async () => {
    build = await holdBuiltApp();
    temp = await useTempDatabase();
    // The example questions stand aside, so nothing but this test's workload is drafted.
    await sqlRun("update questions set status = 'discarded'");
    claude = await startFakeAnthropic({
      script: [
        fake.text('Yes, we are open on Saturday from 8 to 1.', USAGE),
        fake.text('A rye loaf is $9.50.', USAGE),
        fake.error(400, 'invalid_request_error', 'messages: roles must alternate'),
        fake.text('Yes, rye bread is baked every Saturday.', USAGE),
      ],
    });
    sink = await startSmtpSink();
    dovecot = await startDovecot();
    port = await freePort();
    const mail = {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Juniper Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    };
    // The reply is sent from this process, as a person's Send writes it; the server emails it.
    Object.assign(process.env, mail);
    resetEnvForTests();
    desk = await startBuiltServer({
      port,
      env: {
        ...mail,
        DATABASE_PATH: temp.path,
        HOST: '0.0.0.0',
        TRUSTED_PROXIES: '127.0.0.2',
        METRICS_TOKEN,
        INTAKE_API_KEY: INTAKE_KEY,
        DRAFT_MODEL: 'claude',
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: claude.url,
        CLAUDE_MAX_RETRIES: '0',
        DRAFT_MAX_ATTEMPTS: '1',
        DRAFT_CONCURRENCY: '1',
        IMAP_URL: dovecot.url,
        IMAP_POLL_MS: '300',
      },
    });
  }, 10 * 60_000);

  afterAll(async () => {
    if (desk) {
      killGroup(desk, 'SIGKILL');
      await desk.exited;
    }
    await claude?.close();
    await sink?.close();
    dovecot?.stop();
    await temp?.cleanup();
    await build?.release();
    process.env = { ...saved };
    resetEnvForTests();
  });

  const scrape = async () => {
    const answer = await get(port, '/metrics');
    expect(answer.status, answer.body).toBe(200);
    expect(answer.type).toContain('text/plain');
    return parse(answer.body);
  };

  it('counts exactly what a known workload did: questions, drafts, a model failure, an email each way, HTTP requests', async () => {
    // The mailbox and the mail server have each been asked once, so their health is known
    // before the baseline (the mailbox on its first pass, the server by no email yet).
    await waitUntil(
      'the mailbox has been read',
      async () =>
        Number(
          await sqlValue(
            "select count(*) from mail_channels where name = 'imap' and last_ok_at is not null",
          ),
        ) === 1,
    );
    const before = await scrape();

    // Three questions through the intake API, drafted in turn: two drafts and one failure.
    const tickets: string[] = [];
    for (const [n, text] of [
      'Are you open on Saturday?',
      'How much is a rye loaf?',
      'Cake?',
    ].entries()) {
      const response = await fetch(`http://127.0.0.1:${port}/api/questions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text, customer: { name: `Customer ${n}` }, externalId: `m-${n}` }),
      });
      expect(response.status).toBe(201);
      tickets.push(new URL(((await response.json()) as { ticketUrl: string }).ticketUrl).pathname);
    }
    await waitUntil(
      'the three questions are drafted or failed',
      async () =>
        Number(
          await sqlValue(
            "select count(*) from questions where channel = 'api' and status in ('drafted', 'failed')",
          ),
        ) === 3,
      60_000,
    );

    // One customer's email in: a conversation, drafted too.
    await dovecot.append(emailFromCleo);
    await waitUntil(
      'the email is drafted',
      async () =>
        Number(
          await sqlValue(
            "select count(*) from questions where channel = 'email' and status = 'drafted'",
          ),
        ) === 1,
      60_000,
    );

    // A person's reply to it goes out by email.
    const emailed = Number(await sqlValue("select id from questions where channel = 'email'"));
    const sent = await sendReply({
      questionId: emailed,
      text: 'Yes, every Saturday.',
      version: (await getQuestion({ id: emailed }))?.version ?? 0,
      userId: await staffMember(),
      now: new Date(),
      mail: mailOutFromEnv(),
    });
    expect(sent.ok && sent.emailedTo).toBe('cleo@customer.example');
    await waitUntil(
      'the reply is emailed',
      async () =>
        Number(await sqlValue("select count(*) from email_outbox where status = 'sent'")) === 1,
      30_000,
    );
    expect(sink.received).toHaveLength(1);

    // Pages by their route, however their addresses differ.
    expect((await get(port, tickets[0] as string)).status).toBe(200);
    expect((await get(port, tickets[1] as string)).status).toBe(200);
    expect((await get(port, `/no/such/page-${Date.now()}`)).status).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);

    // HTTP, by route template, method and status (this process's own count).
    expect(
      moved('bakery_desk_http_requests_total', {
        route: '/api/questions',
        method: 'POST',
        status: '201',
      }),
    ).toBe(3);
    expect(
      moved('bakery_desk_http_requests_total', {
        route: '/t/[token]',
        method: 'GET',
        status: '200',
      }),
    ).toBe(2);
    expect(
      moved('bakery_desk_http_requests_total', { route: 'other', method: 'GET', status: '404' }),
    ).toBe(1);
    expect(
      moved('bakery_desk_http_request_duration_seconds_count', {
        route: '/api/questions',
        method: 'POST',
        status: '201',
      }),
    ).toBe(3);
    expect(
      moved('bakery_desk_http_request_duration_seconds_bucket', {
        route: '/t/[token]',
        method: 'GET',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(2);
    // The baseline scrape itself, answered before this one.
    expect(
      moved('bakery_desk_http_requests_total', { route: '/metrics', method: 'GET', status: '200' }),
    ).toBe(1);
    const routes = new Set(
      after.filter((s) => s.name === 'bakery_desk_http_requests_total').map((s) => s.labels.route),
    );
    expect(
      [...routes].filter((route) => route?.includes('no/such') || /\/t\/[^[]/.test(route ?? '')),
    ).toEqual([]);

    // Questions: two API drafts and a failure; the email's conversation answered.
    expect(moved('bakery_desk_questions', { status: 'drafted' })).toBe(2);
    expect(moved('bakery_desk_questions', { status: 'failed' })).toBe(1);
    expect(moved('bakery_desk_questions', { status: 'sent' })).toBe(1);
    expect(moved('bakery_desk_questions', { status: 'queued' })).toBe(0);
    expect(sampleValue(after, 'bakery_desk_draft_queue_depth')).toBe(0);
    expect(sampleValue(after, 'bakery_desk_draft_queue_oldest_age_seconds')).toBe(0);
    expect(sampleValue(after, 'bakery_desk_awaiting_reply_oldest_age_seconds')).toBeGreaterThan(0);

    // Drafts by model and stop kind, their time, tokens and cost; the failure by its class.
    const model = { model: MODEL };
    expect(moved('bakery_desk_drafts_total', { ...model, stop_kind: 'answered' })).toBe(3);
    expect(moved('bakery_desk_drafts_total', { ...model, stop_kind: 'failed' })).toBe(1);
    expect(
      moved('bakery_desk_draft_duration_seconds_count', { ...model, stop_kind: 'answered' }),
    ).toBe(3);
    expect(
      moved('bakery_desk_draft_duration_seconds_bucket', {
        ...model,
        stop_kind: 'answered',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(
      moved('bakery_desk_draft_duration_seconds_bucket', {
        ...model,
        stop_kind: 'answered',
        le: '300',
      }),
    ).toBe(3);
    expect(
      moved('bakery_desk_draft_duration_seconds_sum', { ...model, stop_kind: 'answered' }),
    ).toBeGreaterThan(0);
    expect(moved('bakery_desk_draft_tokens_total', { ...model, kind: 'input' })).toBe(300);
    expect(moved('bakery_desk_draft_tokens_total', { ...model, kind: 'output' })).toBe(60);
    expect(moved('bakery_desk_draft_tokens_total', { ...model, kind: 'cache_read' })).toBe(30);
    expect(moved('bakery_desk_draft_tokens_total', { ...model, kind: 'cache_write' })).toBe(15);
    const oneDraft = costOf(
      { inputTokens: 100, outputTokens: 20, cacheReadTokens: 10, cacheWriteTokens: 5 },
      MODEL,
    );
    expect(oneDraft).toBeGreaterThan(0);
    expect(moved('bakery_desk_draft_cost_usd_total', model)).toBeCloseTo(3 * oneDraft, 9);
    expect(moved('bakery_desk_model_errors_total', { class: 'refusedRequest' })).toBe(1);
    expect(
      after
        .filter((s) => s.name === 'bakery_desk_model_errors_total')
        .reduce((sum, s) => sum + s.value, 0) -
        before
          .filter((s) => s.name === 'bakery_desk_model_errors_total')
          .reduce((sum, s) => sum + s.value, 0),
    ).toBe(1);

    // Email each way, and both channels healthy as Settings would show them.
    expect(moved('bakery_desk_emails_in_total', { outcome: 'question' })).toBe(1);
    expect(moved('bakery_desk_emails_in_total', { outcome: 'not a question' })).toBe(0);
    expect(moved('bakery_desk_emails_out_total', { outcome: 'sent' })).toBe(1);
    expect(moved('bakery_desk_emails_out_total', { outcome: 'failed' })).toBe(0);
    expect(sampleValue(after, 'bakery_desk_emails_out_waiting', { status: 'queued' })).toBe(0);
    expect(sampleValue(after, 'bakery_desk_mail_channel_up', { channel: 'smtp' })).toBe(1);
    expect(sampleValue(after, 'bakery_desk_mail_channel_up', { channel: 'imap' })).toBe(1);
    expect(
      sampleValue(after, 'bakery_desk_mail_channel_state', { channel: 'smtp', state: 'healthy' }),
    ).toBe(1);
    expect(sampleValue(after, 'bakery_desk_metrics_database_up')).toBe(1);

    // The process: memory and event-loop lag.
    expect(sampleValue(after, 'bakery_desk_process_resident_memory_bytes')).toBeGreaterThan(
      10_000_000,
    );
    expect(after.some((s) => s.name === 'bakery_desk_nodejs_eventloop_lag_p99_seconds')).toBe(true);
  }, 180_000);

  it('answers this machine and the token only: refused from the network and through a proxy on the loopback', async () => {
    const elsewhere = networkAddress();
    expect(elsewhere, 'this machine has an address other than the loopback').toBeDefined();
    const host = elsewhere as string;
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    const refusedBefore = sampleValue(await scrape(), 'bakery_desk_http_requests_total', {
      route: '/metrics',
      status: '403',
    });

    const refused = async (answer: Promise<Answer>) => {
      const { status, body } = await answer;
      expect(status).toBe(403);
      expect(body).not.toContain('bakery_desk');
    };
    const allowed = async (answer: Promise<Answer>) => {
      const { status, body } = await answer;
      expect(status).toBe(200);
      expect(body).toContain('bakery_desk_questions{');
    };

    // From the network: refused, whatever it claims; the token lets a scraper in.
    await refused(get(port, '/metrics', { host }));
    await refused(
      get(port, '/metrics', {
        host,
        headers: { 'x-desk-peer': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' },
      }),
    );
    await refused(
      get(port, '/metrics', {
        host,
        headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` },
      }),
    );
    await refused(
      get(port, '/metrics', { host, headers: { authorization: `Basic ${METRICS_TOKEN}` } }),
    );
    await allowed(get(port, '/metrics', { host, headers: bearer }));

    // Through the reverse proxy on the loopback (TRUSTED_PROXIES=127.0.0.2): it forwards
    // strangers, so never the loopback's pass, even when it says its client is local.
    await refused(
      get(port, '/metrics', {
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    await refused(
      get(port, '/metrics', {
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      }),
    );
    await refused(get(port, '/metrics', { localAddress: '127.0.0.2' }));
    await allowed(get(port, '/metrics', { localAddress: '127.0.0.2', headers: bearer }));

    // This machine itself.
    await allowed(get(port, '/metrics'));
    await allowed(get(port, '/metrics', { localAddress: '127.0.0.3' }));

    // Seven refusals, each counted under the route's template.
    const refusedAfter = sampleValue(await scrape(), 'bakery_desk_http_requests_total', {
      route: '/metrics',
      status: '403',
    });
    expect(refusedAfter - refusedBefore).toBe(7);
  }, 60_000);
});
