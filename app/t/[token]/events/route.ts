import { getQuestionByTicket } from '@/db/questions';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-token';
import { readSeen } from '@/lib/ticket/live';
import { feedShutdownSignal } from '@/server/inbox-feed';
import { watchTicket } from '@/server/ticket-feed';

export const dynamic = 'force-dynamic';

const KEEP_ALIVE_MS = 15_000;
/** Chunks waiting for a reader beyond which a nudge is left out (one unread is enough). */
const MAX_UNREAD = 8;

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

async function ticketQuestion(token: string) {
  return TICKET_TOKEN_SHAPE.test(token) ? getQuestionByTicket({ token }) : undefined;
}

/**
 * Server-sent events for one open ticket page, keyed by its token alone as the page is: only
 * `changed`, with no content, when the conversation's newest shown message differs from the
 * one the page was rendered with (`?seen=`); the page then renders itself again on the server.
 * A link that is replaced or erased closes its stream at the next keep-alive.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ token: string }> },
): Promise<Response> {
  const { token } = await params;
  const question = await ticketQuestion(token);
  if (!question) return plain(404, 'There is no question at this address.');
  // EventSource always asks for a stream; anything else (a plain fetch) would wait forever.
  if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) {
    return plain(406, 'This is an event stream: ask for text/event-stream.');
  }
  const watch = watchTicket({
    questionId: question.id,
    seen: readSeen(new URL(request.url).searchParams.get('seen')),
  });
  if (!watch) {
    return plain(503, 'Too many pages are following questions right now.', {
      'retry-after': '30',
    });
  }
  const questionId = question.id;
  const encoder = new TextEncoder();
  const shutdown = feedShutdownSignal();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the client leaving.
        }
      };
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const keepAlive = setInterval(() => {
        // Deliberately not awaited (a timer cannot wait): the check catches its own errors.
        void (async () => {
          try {
            const still = await ticketQuestion(token);
            if (still?.id !== questionId) return close();
            send(': keep-alive\n\n');
            watch.look();
          } catch {
            // The database could not say whether the link still opens: close, and let
            // EventSource reconnect through the full check.
            close();
          }
        })();
      }, KEEP_ALIVE_MS);
      cleanup = () => {
        watch.close();
        clearInterval(keepAlive);
        request.signal.removeEventListener('abort', close);
        shutdown.removeEventListener('abort', close);
        cleanup = () => {};
      };
      request.signal.addEventListener('abort', close, { once: true });
      shutdown.addEventListener('abort', close, { once: true });
      send('retry: 3000\n\n');
      // A page that is behind hears only this, however much changed: it reads the rest itself,
      // so a page that stops reading is not queued more than a few.
      watch.listen(() => {
        if ((controller.desiredSize ?? 0) > -MAX_UNREAD) send('event: changed\ndata: {}\n\n');
      });
      if (shutdown.aborted) close();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
