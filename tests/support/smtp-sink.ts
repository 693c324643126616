import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that records every message it
 * accepts, raw, as the customer's mail server would receive it. Tests choose how it answers:
 * refuse a recipient, defer or refuse a message, or run something (hold the desk's database)
 * just before it accepts.
 */
export type Received = {
  raw: string;
  from: string;
  to: string[];
  email: ParsedEmail;
  /** The SMTP session it came in on. */
  sessionId: string;
};

export type Answer = { code: number; message: string } | undefined;

export type SmtpSink = {
  port: number;
  url: string;
  received: Received[];
  /** Whether a session has ended: a client closes its connection once it has the server's reply. */
  sessionClosed: (id: string) => boolean;
  /** Called for each recipient; an answer refuses it with that code. */
  answerRecipient: (address: string) => Answer;
  /** Called with each whole message before it is accepted; an answer refuses it instead. */
  beforeAccept: (raw: string) => Promise<Answer> | Answer;
  close: () => Promise<void>;
};

const fail = ({ code, message }: { code: number; message: string }) =>
  Object.assign(new Error(message), { responseCode: code });

export async function startSmtpSink(
  port = 0,
  { login }: { login?: { user: string; pass: string } } = {},
): Promise<SmtpSink> {
  const closed = new Set<string>();
  const sink: SmtpSink = {
    port: 0,
    url: '',
    received: [],
    sessionClosed: (id) => closed.has(id),
    answerRecipient: () => undefined,
    beforeAccept: () => undefined,
    close: async () => {},
  };
  const server = new SMTPServer({
    // With a login, the server refuses mail until the client signs in (plain, on loopback).
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        return callback(null, { user: auth.username });
      }
      callback(fail({ code: 535, message: '5.7.8 Authentication credentials invalid' }));
    },
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = sink.answerRecipient(address.address);
      callback(answer ? fail(answer) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        Promise.resolve(sink.beforeAccept(raw)).then(
          (answer) => {
            if (answer) return callback(fail(answer));
            sink.received.push({
              raw,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              email: parseEmail(raw),
              sessionId: session.id,
            });
            callback(null, 'OK: queued as test');
          },
          (error: Error) => callback(error),
        );
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  // A client killed mid-message (the crash tests do it on purpose) resets its connection: a real
  // mail server shrugs that off, and so does the sink, instead of throwing in the test's process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  sink.port = typeof address === 'object' && address ? address.port : port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/** Just enough MIME to read what the desk sends: headers, and the text and HTML parts. */
export type ParsedEmail = {
  header: (name: string) => string | undefined;
  text: string | undefined;
  html: string | undefined;
};

function splitHead(raw: string): { head: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const headText = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      head.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { head, body };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(head: Map<string, string>, body: string): string {
  const encoding = (head.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return decoded.replace(/\r\n/g, '\n');
}

export function parseEmail(raw: string): ParsedEmail {
  const { head, body } = splitHead(raw);
  const parts: { head: Map<string, string>; body: string }[] = [];
  const collect = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of b.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const inner = splitHead(piece.replace(/^\r\n/, ''));
        collect(inner.head, inner.body.replace(/\r\n$/, ''));
      }
    } else {
      parts.push({ head: h, body: b });
    }
  };
  collect(head, body);
  const part = (type: string) => {
    const found = parts.find((p) => (p.head.get('content-type') ?? 'text/plain').startsWith(type));
    return found ? decodeBody(found.head, found.body) : undefined;
  };
  return {
    header: (name) => {
      const value = head.get(name.toLowerCase());
      return value === undefined ? undefined : decodeWords(value);
    },
    text: part('text/plain'),
    html: part('text/html'),
  };
}
