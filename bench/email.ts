import { ImapFlow } from 'imapflow';
import { getBakery } from '@/db/bakery';
import { getDb } from '@/db/client';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { resetEnvForTests } from '@/lib/env';
import { angled, replyBodies } from '@/lib/mail/compose';
import { onDeskEvent } from '@/server/drafting/live';
import { DELIVERY_CONCURRENCY, smtpTransport, type Transport } from '@/server/mail/deliver';
import { startDeliveryWorker } from '@/server/mail/delivery-worker';
import { startInboundMail } from '@/server/mail/inbound';
import { MAIL_POLL_MS } from '@/server/mail/service';
import type { MailSettings } from '@/server/mail/settings';
import { type Dovecot, startDovecot } from '@/tests/support/dovecot';
import { emailConversation, staffMember } from '@/tests/support/email-conversation';
import { type SmtpSink, startSmtpSink } from '@/tests/support/smtp-sink';
import { useTempDatabase as openTempDatabase } from '@/tests/support/temp-db';
import type { BenchmarkResult, Figure, Size } from './figures';
import { freePort } from './support/next-server';

/**
 * 9. Email throughput, each side against its library's floor in the same run.
 * Outbound: replies sent with the outbox on (sendReply, as Send does) are emailed by the real
 * delivery worker, over its pooled connections, to a real SMTP server (`smtp-server`) on
 * 127.0.0.1; the baseline is nodemailer alone handing the same messages to the same pool.
 * Inbound: customers' emails appended to a throwaway Dovecot mailbox are read by the real
 * watcher until each is a conversation; the baseline is imapflow alone fetching the same
 * messages' sources from the same mailbox.
 */

const TIMEOUT_MS = 180_000;
const FROM_LINE = 'Juniper Bakery <hello@juniper.example>';

const seconds = (ms: number) => ms / 1000;

/** Resolves when `count` calls of the returned tick have happened, or fails after TIMEOUT_MS. */
function countdown(count: number, what: string) {
  let seen = 0;
  let done = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    done = resolve;
    timer = setTimeout(
      () => reject(new Error(`${what}: ${seen} of ${count} after ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    );
  });
  return {
    tick: () => {
      seen++;
      if (seen === count) done();
    },
    finished: finished.finally(() => clearTimeout(timer)),
  };
}

const scalar = async (sql: string) => (await getDb()).$client.prepare(sql).pluck().get() as number;

// --- Outbound --------------------------------------------------------------------------------

type OutboundMessage = Parameters<Transport['sendMail']>[0];

/** A fresh database whose outbox holds `count` replies sent by staff, queued to go by email. */
async function sentReplies(count: number, settings: MailSettings) {
  const temp = await openTempDatabase();
  (await getDb()).$client.prepare("update questions set status = 'discarded'").run();
  const sam = await staffMember();
  for (let i = 0; i < count; i++) {
    const id = await emailConversation({
      from: `customer${i}@customer.example`,
      name: `Customer ${i}`,
      subject: `Two rye loaves on Saturday? (${i})`,
      messageId: `ask${i}.${Date.now()}@customer.example`,
      text: 'Can I pick up two rye loaves on Saturday at 9?',
    });
    const sent = await sendReply({
      questionId: id,
      text: 'Yes: two rye loaves will be ready for you on Saturday from 8:00.\nJuniper',
      version: (await getQuestion({ id }))?.version ?? 0,
      userId: sam,
      now: new Date(),
      mail: settings.out,
    });
    if (!sent.ok || !sent.emailedTo) throw new Error('a reply was not queued to go by email');
  }
  return temp;
}

/** The emails the worker is about to send, composed the same way, for the library alone. */
async function sameMessages(settings: MailSettings): Promise<OutboundMessage[]> {
  const bakeryName = (await getBakery()).name;
  const rows = (await getDb()).$client
    .prepare(
      `select o.email_message_id as messageId, o.to_address as toAddress, o.subject, o.in_reply_to as inReplyTo,
              o."references" as refs, o.ticket_token as ticketToken, o.created_at as createdAt, r.text
         from email_outbox o join replies r on r.id = o.reply_id order by o.id`,
    )
    .all() as {
    messageId: string;
    toAddress: string;
    subject: string;
    inReplyTo: string | null;
    refs: string | null;
    ticketToken: string;
    createdAt: number;
    text: string;
  }[];
  return rows.map((row) => {
    const ticketUrl = new URL(`/t/${row.ticketToken}`, settings.baseUrl).toString();
    const bodies = replyBodies({ text: row.text, ticketUrl, bakeryName });
    return {
      from: settings.fromLine,
      to: row.toAddress,
      subject: row.subject,
      // Another Message-ID, so the sink can tell the two runs' copies apart.
      messageId: `<lib.${row.messageId}>`,
      inReplyTo: angled(row.inReplyTo),
      references: angled(row.refs),
      date: new Date(row.createdAt),
      text: bodies.text,
      html: bodies.html,
    };
  });
}

/** The transport's sendMail, timed per email: handed over to accepted. */
function timed(transport: Transport, latencies: number[]): Transport {
  const send = transport.sendMail.bind(transport) as (m: OutboundMessage) => Promise<unknown>;
  transport.sendMail = (async (message: OutboundMessage) => {
    const began = performance.now();
    const info = await send(message);
    latencies.push(performance.now() - began);
    return info;
  }) as Transport['sendMail'];
  return transport;
}

/** Wall time, this process's CPU time over the same span (both servers' share aside), per-email spread. */
type Timed = { ms: number; cpuMs: number; latencies: number[] };

/** CPU time (user and system) this process has used since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/**
 * nodemailer alone: the same pool, with as many emails in flight as the worker has slots, each
 * sender taking the next message the moment the last was accepted.
 */
async function libraryAlone(settings: MailSettings, messages: OutboundMessage[]): Promise<Timed> {
  const latencies: number[] = [];
  const began = performance.now();
  const cpu = process.cpuUsage();
  const transport = timed(smtpTransport(settings), latencies);
  try {
    let next = 0;
    const sender = async () => {
      while (next < messages.length) {
        const message = messages[next++] as OutboundMessage;
        await transport.sendMail(message);
      }
    };
    await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, sender));
    return { ms: performance.now() - began, cpuMs: cpuSince(cpu), latencies };
  } finally {
    transport.close();
  }
}

async function deliveryWorker(settings: MailSettings, count: number): Promise<Timed> {
  const latencies: number[] = [];
  const sent = countdown(count, 'emails marked sent');
  const began = performance.now();
  const cpu = process.cpuUsage();
  const worker = startDeliveryWorker({
    settings,
    pollMs: MAIL_POLL_MS,
    transport: timed(smtpTransport(settings), latencies),
    log: (message) => {
      if (/^reply \d+ emailed:/.test(message)) sent.tick();
    },
  });
  try {
    await sent.finished;
    return { ms: performance.now() - began, cpuMs: cpuSince(cpu), latencies };
  } finally {
    await worker.stop({ graceMs: 1_000 });
  }
}

async function outboundRun(
  sink: SmtpSink,
  count: number,
  libraryFirst: boolean,
): Promise<{ desk: Timed; library: Timed }> {
  const settings: MailSettings = {
    transport: { url: sink.url },
    fromLine: FROM_LINE,
    out: { from: 'hello@juniper.example', domain: 'juniper.example' },
    baseUrl: 'https://desk.juniper.example',
    leaseMs: 60_000,
  };
  const temp = await sentReplies(count, settings);
  try {
    const messages = await sameMessages(settings);
    sink.received.length = 0;
    let library: Timed | undefined;
    if (libraryFirst) library = await libraryAlone(settings, messages);
    const desk = await deliveryWorker(settings, count);
    library ??= await libraryAlone(settings, messages);
    const sent = await scalar("select count(*) from email_outbox where status = 'sent'");
    if (sent !== count) throw new Error(`${sent} of ${count} emails were marked sent`);
    if (sink.received.length !== 2 * count) {
      throw new Error(`the SMTP server took ${sink.received.length} of ${2 * count} emails`);
    }
    return { desk, library };
  } finally {
    await temp.cleanup();
  }
}

// --- Inbound ---------------------------------------------------------------------------------

/** A customer's first email to the bakery: each one a new conversation. */
export function customerEmail(run: number, i: number): Buffer {
  return Buffer.from(
    [
      `From: Customer ${i} <customer${i}.${run}@customer.example>`,
      'To: Juniper Bakery <hello@juniper.example>',
      `Subject: Two rye loaves on Saturday? (${i})`,
      `Message-ID: <q${i}.r${run}@customer.example>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      `Hello, can I pick up two rye loaves and a seeded sourdough on Saturday at 9? Order ${i}.`,
      '',
      'Thank you,',
      `Customer ${i}`,
      '',
    ].join('\r\n'),
  );
}

function imapClient(dovecot: Dovecot): ImapFlow {
  return new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
}

/** Appends the run's emails to a folder of their own, before anything is timed. */
async function appendEmails(dovecot: Dovecot, folder: string, run: number, count: number) {
  const client = imapClient(dovecot);
  await client.connect();
  try {
    await client.mailboxCreate(folder);
    for (let i = 0; i < count; i++) await client.append(folder, customerEmail(run, i));
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** imapflow alone: one connection fetching every message's source (without marking it seen). */
async function fetchAlone(
  dovecot: Dovecot,
  folder: string,
  count: number,
  { stillUnseen }: { stillUnseen: boolean },
): Promise<Timed> {
  const latencies: number[] = [];
  const began = performance.now();
  const cpu = process.cpuUsage();
  let last = began;
  const client = imapClient(dovecot);
  await client.connect();
  let fetched = 0;
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      for await (const message of client.fetch('1:*', { uid: true, source: true })) {
        if (message.source) fetched++;
        const now = performance.now();
        latencies.push(now - last);
        last = now;
      }
    } finally {
      lock.release();
    }
    const ms = performance.now() - began;
    const cpuMs = cpuSince(cpu);
    // Fetching a source must not mark it seen, or the watcher after it would find nothing.
    const unseen = (await client.search({ seen: false }, { uid: true })) || [];
    if (fetched !== count || (stillUnseen && unseen.length !== count)) {
      throw new Error(`fetched ${fetched} of ${count}; ${unseen.length} left unseen`);
    }
    return { ms, cpuMs, latencies };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Several timed fetches of the same folder taken as one sample: their emails over their time. */
function together(fetches: readonly Timed[]): Timed {
  return {
    ms: fetches.reduce((sum, fetch) => sum + fetch.ms, 0),
    cpuMs: fetches.reduce((sum, fetch) => sum + fetch.cpuMs, 0),
    latencies: fetches.at(-1)?.latencies ?? [],
  };
}

async function inboundWatcher(dovecot: Dovecot, folder: string, count: number): Promise<Timed> {
  const temp = await openTempDatabase();
  process.env.IMAP_URL = `imap://${dovecot.user}:${dovecot.password}@127.0.0.1:${dovecot.port}/${folder}`;
  process.env.MAIL_FROM = FROM_LINE;
  delete process.env.IMAP_DONE_FOLDER;
  resetEnvForTests();
  const before = await scalar('select count(*) from questions');
  const stored = countdown(count, 'emails stored as conversations');
  const latencies: number[] = [];
  let last = 0;
  const unsubscribe = onDeskEvent((event) => {
    if (event.kind !== 'queueChanged') return;
    const now = performance.now();
    latencies.push(now - last);
    last = now;
    stored.tick();
  });
  try {
    const began = performance.now();
    const cpu = process.cpuUsage();
    last = began;
    const inbound = startInboundMail({ log: () => {} });
    let ms: number;
    let cpuMs: number;
    try {
      await stored.finished;
      ms = performance.now() - began;
      cpuMs = cpuSince(cpu);
    } finally {
      await inbound.stop();
    }
    const made = await scalar("select count(*) from questions where channel = 'email'");
    const total = (await scalar('select count(*) from questions')) - before;
    if (made !== count || total !== count) {
      throw new Error(`${made} of ${count} emails became conversations`);
    }
    return { ms, cpuMs, latencies };
  } finally {
    unsubscribe();
    await temp.cleanup();
  }
}

// --- The benchmark ---------------------------------------------------------------------------

const perSecond = (count: number, runs: Timed[]) => runs.map((run) => count / seconds(run.ms));
const sameRuns = 'same runs';

export async function run({
  size,
  ports,
}: {
  size: Size;
  /** Where the SMTP and IMAP servers listen; free ports of the benchmarks' range when not given. */
  ports?: { smtp: number; imap: number };
}): Promise<BenchmarkResult> {
  const shape =
    size === 'full'
      ? { outbound: 500, inbound: 1_000, runs: 5, fetches: 10 }
      : { outbound: 20, inbound: 20, runs: 1, fetches: 2 };
  const saved = { ...process.env };
  const sink = await startSmtpSink(ports?.smtp ?? (await freePort()));
  let dovecot: Dovecot | undefined;
  try {
    const outbound = { desk: [] as Timed[], library: [] as Timed[] };
    // A first, untimed round of each side: the first run otherwise pays for compiling the code
    // paths, which no later email does.
    if (size === 'full') await outboundRun(sink, 100, false);
    for (let i = 0; i < shape.runs; i++) {
      // Which side goes first alternates, so neither always meets a warmer server.
      const measured = await outboundRun(sink, shape.outbound, i % 2 === 1);
      outbound.desk.push(measured.desk);
      outbound.library.push(measured.library);
    }

    dovecot = await startDovecot({ port: ports?.imap ?? (await freePort()) });
    // imapflow reads a folder in a few tens of milliseconds, the watcher takes seconds: one
    // fetch is a sample a moment's load on the machine can halve. So each run's baseline is
    // several fetches of the same folder, half just before the watcher and half just after it,
    // taken together, and each run's ratio is the watcher's rate over its own baseline's.
    const inboundRun = async (run: number, count: number) => {
      const folder = `Run${run}`;
      await appendEmails(dovecot as Dovecot, folder, run, count);
      const fetches: Timed[] = [];
      const fetch = async (stillUnseen: boolean) => {
        for (let i = 0; i < shape.fetches / 2; i++) {
          fetches.push(await fetchAlone(dovecot as Dovecot, folder, count, { stillUnseen }));
        }
      };
      await fetch(true);
      const desk = await inboundWatcher(dovecot as Dovecot, folder, count);
      await fetch(false);
      return { desk, library: together(fetches) };
    };
    const inbound = { desk: [] as Timed[], library: [] as Timed[] };
    if (size === 'full') await inboundRun(0, 100);
    for (let i = 1; i <= shape.runs; i++) {
      const measured = await inboundRun(i, shape.inbound);
      inbound.desk.push(measured.desk);
      inbound.library.push(measured.library);
    }

    const outboundFigure: Figure = {
      name: `outbound: ${shape.outbound} sent replies emailed`,
      unit: 'emails/s',
      samples: perSecond(shape.outbound, outbound.desk),
      baseline: {
        label: `nodemailer alone, same pool (${DELIVERY_CONCURRENCY} connections), ${sameRuns}`,
        samples: perSecond(shape.outbound, outbound.library),
        paired: true,
      },
      targets: [{ on: 'ratio', atLeast: 0.5, text: '≥ 0.5× nodemailer alone' }],
    };
    const inboundFigure: Figure = {
      name: `inbound: ${shape.inbound} emails read into conversations`,
      unit: 'emails/s',
      samples: perSecond(shape.inbound, inbound.desk),
      baseline: {
        label: `imapflow alone, fetching the sources ${shape.fetches} times around each run`,
        samples: perSecond(shape.inbound * shape.fetches, inbound.library),
        paired: true,
      },
      targets: [{ on: 'ratio', atLeast: 0.02, text: '≥ 0.02× imapflow alone' }],
    };
    const cpuPerEmail = (count: number, runs: Timed[]) => runs.map((run) => run.cpuMs / count);
    const inboundFetched = shape.inbound * shape.fetches;
    // Less bent by other work on a shared machine than the rates: what each email costs here.
    const cpuFigures: Figure[] = [
      {
        name: 'outbound: CPU per email (this process, SMTP server included)',
        unit: 'ms',
        samples: cpuPerEmail(shape.outbound, outbound.desk),
        baseline: {
          label: 'nodemailer alone',
          samples: cpuPerEmail(shape.outbound, outbound.library),
        },
      },
      {
        name: 'inbound: CPU per email (this process)',
        unit: 'ms',
        samples: cpuPerEmail(shape.inbound, inbound.desk),
        baseline: {
          label: 'imapflow alone',
          samples: cpuPerEmail(inboundFetched, inbound.library),
        },
      },
    ];
    // The run whose time is the median's, for its per-email spread.
    const middle = (runs: Timed[]) =>
      [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)] as Timed;
    return {
      id: 9,
      title: 'Email throughput',
      method: `${shape.runs} run(s) of each side${size === 'full' ? ' after an untimed warm-up of 100 emails each way' : ''}, each baseline in the same run. Outbound (which side goes first alternating): a fresh database whose outbox holds ${shape.outbound} replies sent by staff with email on (sendReply, as Send does); the real delivery worker (${DELIVERY_CONCURRENCY} slots over nodemailer's pool of ${DELIVERY_CONCURRENCY} connections) emails them to a real SMTP server (smtp-server, in the same process) on 127.0.0.1, from the worker's start to the last email marked sent. Baseline: nodemailer alone sending the same ${shape.outbound} messages through the same pool options to the same server, ${DELIVERY_CONCURRENCY} in flight. Inbound: ${shape.inbound} customers' emails appended to a throwaway Dovecot folder beforehand; the real watcher (startInboundMail) runs until each is a conversation. Baseline: imapflow alone fetching the same messages' sources from the same folder in one FETCH, ${shape.fetches} times in each run (half just before the watcher, half just after it), taken together as that run's sample, since one fetch lasts a few tens of milliseconds against the watcher's seconds. Each ratio is the median of the ${shape.runs} per-run ratios (each run's side against its own baseline), so a slow moment on the machine moves one run's two sides rather than one side of the ratio. The CPU figures are this process's CPU time over the same spans divided by the emails (the SMTP server's share included on both sides); they move less than the rates when other work shares the machine. Targets, from what the libraries allow: outbound, the worker records three small transactions per email (the claim under a lease, the acceptance, the channel's health), under 1 ms of the one thread between one email and the next on each connection, while nodemailer alone goes straight on: within 2× of it (≥ 0.5×). Inbound, imapflow streams every source in one pipelined command (a few hundredths of a millisecond each), while the watcher must parse each email (mailparser, under 1 ms), store it and what it became in one transaction (1 to 3 ms here), and mark it seen only after that commit, one round trip to fetch and one to mark: about 3 ms an email whatever the libraries do, so ≥ 0.02× imapflow alone. Charts: outbound, each email's sendMail from handing over to accepted; inbound, the time between successive emails (a conversation stored, a source fetched).`,
      whenMissed:
        'Outbound: the gap is the database work between emails on each connection; more slots than connections (so the pool always holds the next email) or recording the channel’s health at most once a second would narrow it. Inbound: the cost is per email by design (parse, one transaction, mark seen after the commit, so a crash neither loses nor doubles an email); fetching the sources of a batch of unseen emails in one command, and marking a batch seen after their commits, would remove the two round trips per email without weakening that. On a loaded machine both sides slow, but the desk, doing more work per email in one thread, slows more.',
      figures: [outboundFigure, inboundFigure, ...cpuFigures],
      charts: [
        {
          kind: 'distribution',
          title: `Outbound: each email from handing over to accepted (median run, ${DELIVERY_CONCURRENCY} in flight)`,
          unit: 'ms',
          series: [
            { name: 'delivery worker', samples: middle(outbound.desk).latencies },
            { name: 'nodemailer alone', samples: middle(outbound.library).latencies },
          ],
        },
        {
          kind: 'distribution',
          title: 'Inbound: time per email (median run)',
          unit: 'ms',
          series: [
            { name: 'inbound watcher', samples: middle(inbound.desk).latencies },
            { name: 'imapflow alone', samples: middle(inbound.library).latencies },
          ],
        },
      ],
    };
  } finally {
    dovecot?.stop();
    await sink.close();
    process.env = saved;
    resetEnvForTests();
  }
}
