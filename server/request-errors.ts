import { logger } from './log';
import { loggedPath } from './log-core.mjs';

/**
 * Errors of pages, actions and route handlers, as Next.js reports them to
 * `instrumentation.ts`'s onRequestError: one log line with the request's id and the error's
 * digest (the only thing of it the browser gets), and the digest kept with that id for a short
 * while, so the error page can show staff the request id to quote.
 */
const KEPT = 500;

type Store = Map<string, string>;
const holder = globalThis as unknown as { __deskErrorReferences?: Store };
const references = (): Store => {
  holder.__deskErrorReferences ??= new Map();
  return holder.__deskErrorReferences;
};

export type FailedRequest = { path: string; method: string; headers: Record<string, unknown> };

export function recordRequestError(
  error: unknown,
  request: FailedRequest,
  context: { routeType?: string; routePath?: string },
): void {
  const digest = (error as { digest?: unknown })?.digest;
  const sent = request.headers['x-request-id'];
  const requestId = typeof sent === 'string' ? sent : undefined;
  logger('http').error(
    {
      ...(requestId ? { requestId } : {}),
      digest,
      method: request.method,
      path: loggedPath(request.path),
      route: context.routePath,
      routeType: context.routeType,
    },
    'a request failed',
  );
  if (typeof digest !== 'string' || !requestId) return;
  const kept = references();
  kept.delete(digest);
  kept.set(digest, requestId);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
}

/** The request id the error with this digest was last seen in, in this process. */
export function requestIdOfError(digest: string): string | undefined {
  return references().get(digest);
}
