import { type NextRequest, NextResponse } from 'next/server';
import { isHttpsRequest } from '@/lib/auth/session-cookie';
import { reconnectingPage } from '@/lib/database/reconnecting-page';
import { env } from '@/lib/env';
import {
  isFormPost,
  judgeActionFields,
  judgeActionHeaders,
  judgeActionText,
  judgeFormPostFields,
  judgeFormPostHeaders,
  type Refusal,
} from '@/lib/net/action-request';
import { hostsAllowed, originAllowed, originIsRequestHost } from '@/lib/net/allowed-hosts';
import {
  contentSecurityPolicy,
  newNonce,
  STRICT_TRANSPORT_SECURITY,
} from '@/lib/net/security-headers';
import { isWidgetPanelPath, widgetFrameAncestors } from '@/lib/widget/origins';
import { databaseAway, databaseAwayNow, RETRY_AFTER } from '@/server/database-away';
import { currentWidgetOrigins } from '@/server/widget-origins';

const production = process.env.NODE_ENV === 'production';

function refuse({ status, message }: Refusal): NextResponse {
  return new NextResponse(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * An action's Origin names a host this desk answers to (DNS rebinding) and is the very host and
 * port the request was sent to (cross-site posts), which Next.js would otherwise refuse with a 500.
 */
function originOk(request: NextRequest, origin: string | null, allowed: string[]): boolean {
  return (
    originAllowed(origin, allowed) &&
    origin !== null &&
    originIsRequestHost({
      origin,
      host: request.headers.get('host'),
      forwardedHost: request.headers.get('x-forwarded-host'),
    })
  );
}

/** A form body's string fields, or null when it does not parse. */
async function readFields(request: NextRequest): Promise<Map<string, string> | null> {
  try {
    const form = await request.clone().formData();
    const fields = new Map<string, string>();
    for (const [name, value] of form) if (typeof value === 'string') fields.set(name, value);
    return fields;
  } catch {
    return null;
  }
}

/**
 * Checks what can be checked before Next.js reads a request: whether it is for a host this
 * desk serves, and whether a server-action post is one Next.js can decode (a 4xx here instead
 * of a 500 there). Then sets the per-request CSP nonce, and HSTS over https. Who may do what is
 * decided by every page, action and route itself.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const allowed = env().allowedHostNames;
  // DNS rebinding: a page on the attacker's name that resolves here must get nothing.
  if (
    production &&
    !hostsAllowed([request.headers.get('host'), request.headers.get('x-forwarded-host')], allowed)
  ) {
    return refuse({
      status: 400,
      message: 'This desk does not answer to that host name (see ALLOWED_HOSTS).',
    });
  }

  const isAction = request.headers.has('next-action');
  const contentType = request.headers.get('content-type') ?? '';
  const formPost = !isAction && isFormPost({ method: request.method, contentType });
  // A page needs its database to draw even its frame: while PostgreSQL is away (restarting),
  // the page says the desk is reconnecting, with a 503, rather than failing. Actions answer
  // their own forms in words (server/action.ts), routes with their own 503 (the intake API).
  if (
    !isAction &&
    env().DATABASE_URL &&
    isPageRequest(request, formPost) &&
    (await databaseAwayNow(`page ${request.nextUrl.pathname}`))
  ) {
    return reconnecting(request);
  }
  if (isAction || formPost) {
    const origin = request.headers.get('origin');
    // A fetched action must say where it came from; a form posted without JavaScript by a
    // browser old enough to send no Origin is let through, as Next.js does.
    if ((isAction || origin !== null) && !originOk(request, origin, allowed)) {
      return refuse({
        status: 403,
        message: 'Server actions are taken from this desk’s own pages only.',
      });
    }
    // Form posts without JavaScript are read here too, so they get the same size limit first.
    if (formPost) {
      const refusal = judgeFormPostHeaders({
        contentLength: request.headers.get('content-length'),
      });
      if (refusal) return refuse(refusal);
    } else {
      const shape = judgeActionHeaders({
        method: request.method,
        contentType,
        contentLength: request.headers.get('content-length'),
      });
      if ('status' in shape) return refuse(shape);
      if (shape.body === 'text') {
        const refusal = judgeActionText(await request.clone().text());
        if (refusal) return refuse(refusal);
        return next(request);
      }
    }
    const fields = await readFields(request);
    if (!fields) return refuse({ status: 400, message: 'That form could not be read.' });
    const refusal = isAction ? judgeActionFields(fields) : judgeFormPostFields(fields);
    if (refusal) return refuse(refusal);
  }
  return next(request);
}

/**
 * Lets the request through, with this response's nonce and HSTS. The "Ask us" panel alone may
 * be framed, and only by the websites the bakery allows (read per request, so a change in
 * Settings holds at once); every other page by none.
 */
async function next(request: NextRequest): Promise<NextResponse> {
  const nonce = newNonce();
  let frameAncestors: string | undefined;
  try {
    frameAncestors = isWidgetPanelPath(request.nextUrl.pathname)
      ? widgetFrameAncestors(await currentWidgetOrigins())
      : undefined;
  } catch (error) {
    if (databaseAway(error, `page ${request.nextUrl.pathname}`)) return reconnecting(request);
    throw error;
  }
  const csp = contentSecurityPolicy({ nonce, dev: !production, frameAncestors });
  const forward = new Headers(request.headers);
  // Next.js reads the nonce from the request's CSP and puts it on its own script tags.
  forward.set('content-security-policy', csp);
  forward.set('x-nonce', nonce);
  // For the audit log's access-denied events; set here, so a client cannot choose it.
  forward.set('x-desk-path', request.nextUrl.pathname);
  const response = NextResponse.next({ request: { headers: forward } });
  response.headers.set('content-security-policy', csp);
  if (
    isHttpsRequest({ forwardedProto: request.headers.get('x-forwarded-proto'), url: request.url })
  ) {
    response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  }

  return response;
}

/** A page a browser opens (or a form posted to one), not a route, the build's files or /metrics. */
function isPageRequest(request: NextRequest, formPost: boolean): boolean {
  const path = request.nextUrl.pathname;
  if (!(request.method === 'GET' || request.method === 'HEAD' || formPost)) return false;
  if (path.startsWith('/api/') || path.startsWith('/_next/') || path === '/metrics') return false;
  // A file (widget.js, icon.svg): no database behind it.
  return !/\.[a-z0-9]+$/i.test(path);
}

/** "The desk is reconnecting…": 503, Retry-After, its own nonce, and no framing but the panel's. */
function reconnecting(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const path = request.nextUrl.pathname;
  const csp = contentSecurityPolicy({
    nonce,
    dev: !production,
    // The bakery's saved websites need the database; those the environment names do not.
    frameAncestors: isWidgetPanelPath(path) ? widgetFrameAncestors(env().widgetOrigins) : undefined,
  });
  return new NextResponse(
    request.method === 'HEAD'
      ? null
      : reconnectingPage({ nonce, path: `${path}${request.nextUrl.search}` }),
    {
      status: 503,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': RETRY_AFTER,
        'content-security-policy': csp,
      },
    },
  );
}

export const config = {
  // Everything but the build's static files, which carry no data and run nothing of ours.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
