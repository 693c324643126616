// Loaded into the `next start` process with `node --import` by `npm start`: the one place that
// sees each request's socket before Next.js does. It does two things Next.js cannot:
// - stamps the socket's peer address on the request as `x-desk-peer` (replacing whatever a
//   client sent under that name), since Next.js keeps a client's own X-Forwarded-For and drops
//   the peer address. `lib/net/ip-address.ts` decides, with TRUSTED_PROXIES, who the client is.
// - answers methods the desk does not serve (TRACE, CONNECT, PROPFIND…) with 405, which
//   Next.js would otherwise fail on with a 500. (Node's parser already answers 400 to names
//   it does not know at all.)
// - answers 400 to a path whose percent-encoding does not decode to text (`/t/%ff`, an
//   overlong or surrogate UTF-8 sequence), which Next.js's router fails on with a 500 when it
//   decodes a dynamic segment.
import http from 'node:http';

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

function guard(listener) {
  return function guardedRequest(req, res) {
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
    return listener.call(this, req, res);
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
