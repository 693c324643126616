import Database from 'better-sqlite3';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { INTAKE_KEY, waitForDrafts } from './desk-client';
import type { RunningServer } from './next-server';
import { withDatabase } from './server-db';

/** The inbox feed's change check (`FEED_POLL_MS`), which another process's send waits for. */
const CHECK_MS = 250;

/** A question asked through the intake API, with the ticket page its answer gave. */
async function askForTicket(
  server: RunningServer,
  n: number,
): Promise<{ id: number; ticketPath: string }> {
  const response = await fetch(`${server.url}/api/questions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      text: 'Do you have rye bread on Saturday?',
      customer: { name: `Ticket reader ${n}`, email: `reader${n}@example.com` },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/questions answered ${response.status}: ${await response.text()}`);
  }
  const { id, ticketUrl } = (await response.json()) as { id: number; ticketUrl: string };
  return { id, ticketPath: new URL(ticketUrl).pathname };
}

/** The newest message a question's ticket page shows now, as the page tells its stream. */
function newestMessageId(databasePath: string, questionId: number): number {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const row = sqlite
      .prepare('select max(id) as id from messages where question_id = ?')
      .get(questionId) as { id: number };
    return row.id;
  } finally {
    sqlite.close();
  }
}

/**
 * An open ticket page's stream as a browser-less client reads it: `nextChange()` resolves at
 * the next "changed" it is told (epoch ms).
 */
function followTicket(
  server: RunningServer,
  ticketPath: string,
  seen: number,
): { ready: Promise<void>; nextChange: () => Promise<number>; close: () => void } {
  const abort = new AbortController();
  let waiting: ((at: number) => void) | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const read = async () => {
    const response = await fetch(`${server.url}${ticketPath}/events?seen=${seen}`, {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`${ticketPath}/events answered ${response.status}`);
    }
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      const at = Date.now();
      markReady();
      buffered += decoder.decode(chunk, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        if (/^event: changed$/m.test(buffered.slice(0, end))) {
          waiting?.(at);
          waiting = undefined;
        }
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
      }
    }
  };
  read().catch((error: unknown) => {
    if (!abort.signal.aborted) console.error(`[bench] ticket events: ${String(error)}`);
  });
  return {
    ready,
    nextChange: () =>
      new Promise<number>((resolve, reject) => {
        waiting = resolve;
        setTimeout(
          () => reject(new Error(`${ticketPath} was never told of its reply`)),
          10_000,
        ).unref();
      }),
    close: () => abort.abort(),
  };
}

/**
 * Send to screen on the ticket page: for each of `count` questions, a customer's page follows
 * its stream; a reply is sent by another process on the database (this one, as a second server
 * or colleague's process would), and the delay runs from the send to the page's own render
 * (the GET that `router.refresh()` makes once told "changed") holding the reply's text.
 */
export async function ticketSendToScreen({
  server,
  databasePath,
  staffId,
  count,
}: {
  server: RunningServer;
  databasePath: string;
  staffId: number;
  count: number;
}): Promise<number[]> {
  const tickets: { id: number; ticketPath: string }[] = [];
  for (let n = 0; n < count; n++) tickets.push(await askForTicket(server, n));
  await waitForDrafts(
    databasePath,
    tickets.map((ticket) => ticket.id),
  );
  const delays: number[] = [];
  await withDatabase(databasePath, async () => {
    for (const [n, ticket] of tickets.entries()) {
      const page = followTicket(
        server,
        ticket.ticketPath,
        newestMessageId(databasePath, ticket.id),
      );
      try {
        await page.ready;
        const question = await getQuestion({ id: ticket.id });
        if (!question) throw new Error(`question ${ticket.id} is gone`);
        const text = `Yes, we keep rye bread for you on Saturday, reader ${n}.`;
        // One send right after the last page's render would always fall at the same point of the
        // feed's quarter-second check; staff do not wait for it, so the sends are spread over it.
        await new Promise((resolve) => setTimeout(resolve, (n * 97) % CHECK_MS));
        const told = page.nextChange();
        const sentAt = Date.now();
        const sent = await sendReply({
          questionId: ticket.id,
          text,
          version: question.version,
          userId: staffId,
          now: new Date(),
        });
        if (!sent.ok) throw new Error(`the reply to question ${ticket.id} was not sent`);
        await told;
        const html = await (await fetch(`${server.url}${ticket.ticketPath}`)).text();
        if (!html.includes(text)) throw new Error(`${ticket.ticketPath} does not show its reply`);
        delays.push(Date.now() - sentAt);
      } finally {
        page.close();
      }
    }
  });
  return delays;
}
