import { connect, createServer, type Socket } from 'node:net';

export type ImapProxy = {
  port: number;
  /** Resolves when a held command (marking seen, moving) reached the proxy and was kept back. */
  held: Promise<string>;
  stop: () => Promise<void>;
};

/**
 * A TCP relay in front of a real IMAP server that keeps back, unforwarded, the first command
 * that marks a message seen or moves it: the client believes it sent it, the server never sees
 * it. A test kills the client there, in the window between its commit and the server's flag.
 */
export function startImapProxy({
  port,
  target,
}: {
  port: number;
  target: number;
}): Promise<ImapProxy> {
  const sockets = new Set<Socket>();
  let release: (command: string) => void = () => {};
  const held = new Promise<string>((resolve) => {
    release = resolve;
  });
  let holding = true;
  const server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: target });
    sockets.add(client);
    sockets.add(upstream);
    upstream.pipe(client);
    let stalled = false;
    client.on('data', (chunk) => {
      if (stalled) return;
      const text = chunk.toString('latin1');
      if (holding && /\b(STORE|MOVE|COPY)\b/i.test(text)) {
        stalled = true;
        holding = false;
        release(text.trim());
        return;
      }
      upstream.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port,
        held,
        stop: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
