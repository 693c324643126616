// Loaded into the `next start` process with `node --import` by `npm start`: the one place that
// sees each request's socket before Next.js does. It does two things Next.js cannot:
// - stamps the socket's peer address on the request as `x-desk-peer` (replacing whatever a
//   client sent under that name), since Next.js keeps a client's own X-Forwarded-For and drops
//   the peer address. `lib/net/ip-address.ts` decides, with TRUSTED_PROXIES, who the client is.
// - gives each request its id (a client's well-formed `x-request-id`, else a new one) on the
//   request for Next.js and on the response, runs the request inside it so every line logged
//   while answering carries it, and logs one access line when the response ends.
// - answers methods the desk does not serve (TRACE, CONNECT, PROPFIND…) with 405, which
//   Next.js would otherwise fail on with a 500. (Node's parser already answers 400 to names
//   it does not know at all.)
// - answers 400 to a path whose percent-encoding does not decode to text (`/t/%ff`, an
//   overlong or surrogate UTF-8 sequence), which Next.js's router fails on with a 500 when it
//   decodes a dynamic segment.
// - counts every request by route template, method and status for GET /metrics
//   (scripts/http-metrics.mjs).
import http from 'node:http';
import {
  loggedPath,
  requestContext,
  requestIdFor,
  rootLogger,
  routeConsoleToLogger,
} from '../server/log-core.mjs';
import { observeRequest } from './http-metrics.mjs';

export const PEER_HEADER = 'x-desk-peer';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** Whether the request target's path decodes (the query is Next.js's to read, and it copes). */
function pathDecodes(url) {
  const path = (url ?? '/').split(/[?#]/, 1)[0] ?? '';
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
const accessLog = rootLogger().child({ area: 'http' });
// Next.js's own console lines (its banner, the errors it prints) become JSON lines too.
routeConsoleToLogger();

/** The request's id, on the request (replacing a malformed one) and on its response. */
function stampRequestId(req, res) {
  const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}

/** One line per request once its response is done (or the client left): never the query. */
function logWhenDone(req, res, requestId) {
  const began = process.hrtime.bigint();
  res.once('close', () => {
    const status = res.statusCode;
    const line = {
      requestId,
      method: req.method,
      path: loggedPath(req.url),
      status,
      ms: Math.round(Number(process.hrtime.bigint() - began) / 1e4) / 100,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    accessLog[status >= 500 ? 'warn' : 'info'](line, 'request');
  });
}

function guard(listener) {
  return function guardedRequest(req, res) {
    observeRequest(req, res);
    const requestId = stampRequestId(req, res);
    logWhenDone(req, res, requestId);
    if (!METHODS.has(req.method ?? '')) {
      res.writeHead(405, { Allow: [...METHODS].join(', '), 'Content-Type': 'text/plain' });
      res.end('Method not allowed.\n');
      req.resume();
      return;
    }
    if (!pathDecodes(req.url)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('That address is not a valid link.\n');
      req.resume();
      return;
    }
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    return requestContext.run({ requestId }, () => listener.call(this, req, res));
  };
}

const createServer = http.createServer;
http.createServer = function createGuardedServer(...args) {
  const at = args.findIndex((arg) => typeof arg === 'function');
  if (at !== -1) args[at] = guard(args[at]);
  const server = createServer.apply(this, args);
  // CONNECT never reaches a request listener: without this, Node drops the connection.
  server.on('connect', (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${[...METHODS].join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  return server;
};
// The app trusts `x-desk-peer` only when this module has run in its process.
globalThis.__deskPeerHeader = PEER_HEADER;
