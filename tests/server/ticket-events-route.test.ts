import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET } from '@/app/t/[token]/events/route';
import { getDb } from '@/db/client';
import { createQuestion, replaceTicketToken } from '@/db/questions';
import { TICKET_STREAMS_PER_TICKET } from '@/lib/ticket/live';
import { inboxFeedSettled } from '@/server/inbox-feed';
import { openTicketStreams, ticketReadsSettled } from '@/server/ticket-feed';
import { type OutsideConnection, openOutsideConnection } from '../support/outside-connection';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * The ticket page's event stream (GET /t/<token>/events), called with the Request Next.js
 * would give it: who gets a stream, and that the stream carries a bare "changed" and nothing of
 * the conversation. e2e/access-matrix.spec.ts asks it over real HTTP with an unknown token, and
 * e2e/live-ticket.spec.ts follows it in a browser.
 */
const SECRET_REPLY = 'Your rye loaf is ready: it costs $7.50.';

function ask(token: string, { seen, signal }: { seen?: number; signal?: AbortSignal } = {}) {
  const url = `http://127.0.0.1/t/${token}/events${seen === undefined ? '' : `?seen=${seen}`}`;
  return GET(new Request(url, { headers: { accept: 'text/event-stream' }, signal }), {
    params: Promise.resolve({ token }),
  });
}

/** Reads the stream until `until` holds of what arrived, and returns it all. */
async function readUntil(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text;
}

describe('the ticket page’s event stream', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let other: OutsideConnection;
  let token: string;
  let questionId: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    other = await openOutsideConnection(temp);
    const stored = await createQuestion({
      text: 'Do you have rye bread on Saturday?',
      customerName: 'Ana',
      customerEmail: null,
      channel: 'web',
      externalId: null,
      now: new Date(),
    });
    if (!stored.created) throw new Error('the question was not stored');
    token = stored.ticketToken;
    questionId = stored.question.id;
  });
  afterEach(async () => {
    await inboxFeedSettled();
    await ticketReadsSettled();
    await other.close();
    await temp.cleanup();
  });

  it('answers a malformed or unknown token with a plain 404 and no stream', async () => {
    for (const bad of ['short', 'no-such-ticket-token-000000000000', `${token}x`]) {
      const response = await ask(bad);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/plain');
      expect(await response.text()).toBe('There is no question at this address.\n');
    }
    expect(openTicketStreams()).toBe(0);
  });

  it('answers a replaced link as an unknown one: a plain 404 and no stream', async () => {
    await replaceTicketToken({ id: questionId });
    const response = await ask(token);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('There is no question at this address.\n');
    expect(openTicketStreams()).toBe(0);
  });

  it('answers a request that does not ask for a stream with 406', async () => {
    const response = await GET(new Request(`http://127.0.0.1/t/${token}/events`), {
      params: Promise.resolve({ token }),
    });
    expect(response.status).toBe(406);
    expect(openTicketStreams()).toBe(0);
  });

  it('says only "changed" when a reply is sent, and closes when the page goes away', async () => {
    const seen = Number(
      await sqlValue('select max(id) from messages where question_id = ?', questionId),
    );
    const page = new AbortController();
    const response = await ask(token, { seen, signal: page.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(openTicketStreams()).toBe(1);
    expect(await readUntil(response, (text) => text.includes('retry:'))).toBe('retry: 3000\n\n');

    // Sent by another server on the database, as a colleague's would be.
    const at = Date.now();
    await other.run(
      `insert into messages (question_id, author, channel, text, at) values (?, 'bakery', 'web', ?, ?)`,
      questionId,
      SECRET_REPLY,
      at,
    );
    await other.run(
      `update questions set status = 'answered', version = version + 1, updated_at = ? where id = ?`,
      at,
      questionId,
    );
    const news = await readUntil(response, (text) => text.includes('changed'));
    // Nothing but the bare nudge and keep-alives ever travels: the page reads the rest itself.
    expect(news.replaceAll(': keep-alive\n\n', '')).toBe('event: changed\ndata: {}\n\n');

    page.abort();
    expect(await readUntil(response, () => false)).toBe('');
    expect(openTicketStreams()).toBe(0);
  });

  it('refuses a link more streams than its cap with 503, so that page polls instead', async () => {
    const pages = Array.from({ length: TICKET_STREAMS_PER_TICKET }, () => new AbortController());
    for (const page of pages) expect((await ask(token, { signal: page.signal })).status).toBe(200);
    const refused = await ask(token);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain('text/plain');
    for (const page of pages) page.abort();
    expect(openTicketStreams()).toBe(0);
  });

  it('tells a page rendered before a change at once', async () => {
    const page = new AbortController();
    const response = await ask(token, { seen: 0, signal: page.signal });
    const news = await readUntil(response, (text) => text.includes('changed'));
    expect(news).toBe('retry: 3000\n\nevent: changed\ndata: {}\n\n');
    page.abort();
  });
});
