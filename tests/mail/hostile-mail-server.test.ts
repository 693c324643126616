import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltServer, holdBuiltApp, startBuiltServer } from '../support/built-server';
import { type Dovecot, freePort, startDovecot } from '../support/dovecot';
import { waitUntilAllSeen, waitUntilTaken } from '../support/mailbox-waits';
import { killGroup, waitUntil } from '../support/processes';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/*
 * The desk as an operator runs it (`npm start`: the built app under `next start`, reading its
 * mailbox itself) against a real Dovecot, with the emails that once froze or crashed it.
 */

type Row = Record<string, unknown>;

/** Each its own subject, so none is taken as a follow-up of another. */
const email = (id: string, body: string, extra = '') =>
  Buffer.from(
    `From: Ada <ada@example.com>\r\nTo: orders@juniper.example\r\nSubject: Question ${id}\r\nMessage-ID: <${id}>\r\nDate: Tue, 1 Dec 2026 09:00:00 +0000\r\n${extra}\r\n${body}\r\n`,
  );

/** 12 MB: a photo sent at full size. */
const twelveMegabytes = () =>
  email(
    'twelve@example.com',
    `--b\r\nContent-Type: text/plain\r\n\r\nThe cake photo.\r\n--b\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n${`${'A'.repeat(76)}\r\n`.repeat(162_000)}--b--`,
    'Content-Type: multipart/mixed; boundary=b\r\n',
  );

/** 40 KB of quote-like lines, as a reply parser's own tests send. */
const quoteHeavy = () =>
  email(
    'quotes@example.com',
    Array.from(
      { length: 600 },
      (_, n) =>
        `${'> '.repeat(n % 9)}On Tue, Dec 1, 2026 at 9:0${n % 10} AM Ada <ada@example.com> wrote`,
    ).join('\r\n'),
  );

/** 700 KB of '>' on one line. */
const longQuoteLine = () => email('line@example.com', '>'.repeat(700_000));

/**
 * A 9.4 MB HTML table, under MAIL_MAX_BYTES: mailparser turning it into text takes seconds per
 * MB and more heap than the reader has (on the server's own thread, it froze it for longer than
 * the 10 s a stop may take).
 */
const slowHtml = () =>
  email(
    'slow@example.com',
    `<table>${'<tr><td>a</td><td>b</td><td>c</td></tr>\r\n'.repeat(230_000)}</table>`,
    'Content-Type: text/html\r\n',
  );

const outcomeOf = async (key: string) =>
  (
    await sqlRows<Row>(
      'select e.outcome, e.reason, q.status from inbound_emails e left join questions q on q.id = e.question_id where e.key = ?',
      key,
    )
  )[0];

describe('the built server reading a mailbox of hostile emails', () => {
  let build: Awaited<ReturnType<typeof holdBuiltApp>>;
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot | undefined;
  let server: BuiltServer | undefined;

  beforeAll(async () => {
    build = await holdBuiltApp();
  }, 10 * 60_000);
  afterAll(async () => {
    await build?.release();
  });
  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlValue('select count(*) from questions'); // created and migrated before the server
    dovecot = await startDovecot();
  });
  afterEach(async () => {
    if (server) {
      killGroup(server, 'SIGKILL');
      await server.exited;
      server = undefined;
    }
    dovecot?.stop();
    await temp.cleanup();
  });

  async function serve(mailbox: Dovecot): Promise<BuiltServer> {
    server = await startBuiltServer({
      port: await freePort(),
      env: {
        ...(temp.url ? { DATABASE_URL: temp.url } : {}),
        DATABASE_PATH: temp.path,
        IMAP_URL: mailbox.url,
        IMAP_POLL_MS: '300',
        DRAFT_WORKER: 'on',
      },
    });
    return server;
  }

  it('keeps a 12 MB email, a quote-heavy one and a 700 KB quote line while /api/health answers within 1 s, and takes the next email within 10 s', async () => {
    const mailbox = dovecot as Dovecot;
    const desk = await serve(mailbox);
    // /api/health asked every 100 ms from before the first email until all three are kept.
    const waits: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const began = Date.now();
        const response = await fetch(`${desk.url}/api/health`, {
          signal: AbortSignal.timeout(30_000),
        });
        expect(response.status).toBe(200);
        waits.push(Date.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await mailbox.append(twelveMegabytes());
    await mailbox.append(quoteHeavy());
    await mailbox.append(longQuoteLine());
    try {
      await waitUntilTaken(3, { timeoutMs: 90_000, what: 'all three are kept' });
    } finally {
      sampling = false;
      await sampler;
    }
    const slowest = Math.max(...waits);
    console.log(
      `/api/health: ${waits.length} answers, slowest ${slowest} ms, median ${waits.sort((a, b) => a - b)[Math.floor(waits.length / 2)]} ms`,
    );
    expect(waits.length).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(1_000);

    expect(await outcomeOf('twelve@example.com')).toMatchObject({
      outcome: 'too large',
      status: 'failed',
    });
    for (const key of ['quotes@example.com', 'line@example.com']) {
      const kept = await outcomeOf(key);
      console.log(`${key}: ${kept?.outcome}${kept?.reason ? ` (${kept.reason})` : ''}`);
      // Read, or kept as could not read when the reader ran out of time: kept either way.
      expect(['question', 'unreadable']).toContain(kept?.outcome);
      expect(kept?.status).toBeDefined();
    }
    await waitUntilAllSeen(mailbox, 10_000, 'all three are marked seen');

    const appended = Date.now();
    await mailbox.append(email('normal@example.com', 'Do you have rye bread on Saturday?'));
    await waitUntil(
      'the normal email is a conversation',
      async () => (await outcomeOf('normal@example.com'))?.outcome === 'question',
      20_000,
    );
    const took = Date.now() - appended;
    console.log(`a normal email after them became a conversation in ${took} ms`);
    expect(took).toBeLessThan(10_000);
    expect(desk.output()).not.toMatch(/imap:\/\/[^ ]*: .*(twelve|quotes|line)@example\.com/);
  }, 180_000);

  it('ends within 10 s on SIGTERM while the reader is in the middle of a slow email, leaving it unseen', async () => {
    const mailbox = dovecot as Dovecot;
    // The email is handed to the mailbox while the server starts: it reads it on its first pass.
    const [desk] = await Promise.all([serve(mailbox), mailbox.append(slowHtml())]);
    await waitUntil(
      'the server is reading the slow email',
      () => desk.output().includes('<slow@example.com>): reading'),
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still reading: nothing was decided about it yet, and the server is up.
    expect(await sqlValue('select count(*) from inbound_emails')).toBe(0);
    expect(desk.child.exitCode).toBeNull();
    const began = Date.now();
    killGroup(desk, 'SIGTERM');
    await desk.exited;
    const took = Date.now() - began;
    console.log(`the server ended ${took} ms after SIGTERM`);
    expect(took).toBeLessThan(10_000);
    server = undefined;
    expect(await sqlValue('select count(*) from inbound_emails')).toBe(0);
    expect((await mailbox.list()).map((message) => message.seen)).toEqual([false]);
  }, 120_000);
});
