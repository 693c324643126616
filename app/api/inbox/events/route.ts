import { findSessionWithUser } from '@/db/sessions';
import { feedShutdownSignal, subscribeInboxFeed } from '@/server/inbox-feed';
import { currentPresence } from '@/server/presence';
import { authorizeRoute } from '@/server/session';

export const dynamic = 'force-dynamic';

const KEEP_ALIVE_MS = 15_000;
/** Events waiting for a reader (the stream's default strategy counts chunks). */
const MAX_BACKLOG_EVENTS = 2_000;

/**
 * Server-sent events for open inbox pages (staff and owners): `queue` when questions arrive or
 * change (the page refreshes), `progress` while a draft is being written (its text as it
 * streams). A session that ends (sign-out, a removed account) closes the stream at the next
 * keep-alive.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRoute(request, { role: 'staff' });
  if (!auth.ok) return auth.response;
  // EventSource always asks for a stream; anything else (a plain fetch) would wait forever.
  if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) {
    return Response.json(
      { error: 'notAcceptable', message: 'This is an event stream: ask for text/event-stream.' },
      { status: 406 },
    );
  }
  const sessionId = auth.user.sessionId;
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
        // A tab that stays connected but stops reading would otherwise queue every streamed
        // draft in memory; close it, and EventSource reconnects once the tab reads again.
        if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_EVENTS) return close();
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = subscribeInboxFeed((message) =>
        send(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`),
      );
      const keepAlive = setInterval(() => {
        // Deliberately not awaited (a timer cannot wait): the check catches its own errors.
        void (async () => {
          try {
            const found = await findSessionWithUser({ id: sessionId });
            if (!found || found.session.expiresAt < new Date()) return close();
            send(': keep-alive\n\n');
          } catch {
            // The database could not say whether the session still stands: close, and let
            // EventSource reconnect through the full check.
            close();
          }
        })();
      }, KEEP_ALIVE_MS);
      cleanup = () => {
        unsubscribe();
        clearInterval(keepAlive);
        request.signal.removeEventListener('abort', close);
        shutdown.removeEventListener('abort', close);
        cleanup = () => {};
      };
      request.signal.addEventListener('abort', close, { once: true });
      shutdown.addEventListener('abort', close, { once: true });
      send('retry: 3000\n\nevent: ready\ndata: {}\n\n');
      send(`event: presence\ndata: ${JSON.stringify({ items: currentPresence() })}\n\n`);
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
