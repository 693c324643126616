import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** Debian's dovecot binary; `.ci/run` installs `dovecot-imapd`. */
const dovecotBinary = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((path) =>
  existsSync(path),
);

export type Dovecot = {
  port: number;
  user: string;
  password: string;
  /** `imap://user:password@127.0.0.1:port/INBOX`, as IMAP_URL takes it. */
  url: string;
  /** Adds a message to a folder with IMAP APPEND, as a mail server delivering it would. */
  append: (raw: Buffer | string, folder?: string) => Promise<void>;
  /** Each message of a folder with its flags, oldest first. */
  list: (folder?: string) => Promise<{ uid: number; seen: boolean; messageId: string | null }[]>;
  /** Creates a folder (the one handled mail is moved to, say). */
  createFolder: (folder: string) => Promise<void>;
  stop: () => void;
};

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Dovecot did not answer on port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** A port nothing listens on right now, from the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real IMAP server (Dovecot) on 127.0.0.1:port with a throwaway configuration and mailbox
 * under a temp folder. Run as root, its own processes must not be: logins run as dovenull and
 * the mail belongs to the dovecot user.
 */
export async function startDovecot({
  port: wanted,
  idle = true,
}: {
  port?: number;
  /** false: the server does not offer IDLE, so clients must poll. */
  idle?: boolean;
} = {}): Promise<Dovecot> {
  const port = wanted ?? (await freePort());
  if (!dovecotBinary) {
    throw new Error('Dovecot is not installed: apt-get install -y dovecot-imapd (see .ci/run)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-dovecot-'));
  // Its own users (dovenull for logins, dovecot for mail) must reach their folders in here.
  chmodSync(dir, 0o755);
  const user = 'bakery';
  const password = 'mail-test-password';
  const mailDir = join(dir, 'mail');
  const baseDir = join(dir, 'run');
  mkdirSync(mailDir);
  mkdirSync(baseDir);
  mkdirSync(join(dir, 'state'));
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot
    ? Number(execFileSync('id', ['-u', 'dovecot']).toString())
    : process.getuid?.();
  const gid = asRoot
    ? Number(execFileSync('id', ['-g', 'dovecot']).toString())
    : process.getgid?.();
  if (asRoot && uid !== undefined && gid !== undefined) chownSync(mailDir, uid, gid);
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  const confPath = join(dir, 'dovecot.conf');
  const ownUser = asRoot ? 'dovecot' : (process.env.USER ?? 'nobody');
  writeFileSync(
    confPath,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${baseDir}
state_dir = ${join(dir, 'state')}
log_path = ${join(dir, 'dovecot.log')}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${ownUser}
default_internal_group = ${ownUser}
default_login_user = ${asRoot ? 'dovenull' : ownUser}
first_valid_uid = 1
mail_location = maildir:${mailDir}/%u/Maildir
${idle ? '' : 'imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS MOVE\n'}passdb {
  driver = passwd-file
  args = scheme=PLAIN ${join(dir, 'passwd')}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${mailDir}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
# A refused login is answered at once. Tests refuse some on purpose, and Dovecot's guard against
# guessing (2 s per failure, then up to 15 s for every later login from 127.0.0.1) would only
# delay the logins after them, the desk's and the test's own.
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`,
  );
  // It daemonizes and its children keep what they inherit: a pipe would never close.
  const startLog = join(dir, 'start.log');
  const startOut = openSync(startLog, 'w');
  const started = spawnSync(dovecotBinary, ['-c', confPath], {
    stdio: ['ignore', startOut, startOut],
  });
  closeSync(startOut);
  if (started.status !== 0) {
    const why = readFileSync(startLog, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Dovecot did not start: ${why}`);
  }
  const stop = () => {
    const pidFile = join(baseDir, 'master.pid');
    if (existsSync(pidFile)) {
      const master = Number(readFileSync(pidFile, 'utf8').trim());
      // The master is a session leader (it daemonizes): its processes are its group. Asked to
      // stop, they write their mail state for seconds on a loaded machine, racing the folder's
      // removal; nothing of this throwaway server is kept, so they are killed, and the folder
      // goes once they are gone.
      signalGroup(master, 'SIGKILL');
      groupGoneWithin(master, 10_000);
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  };
  try {
    await waitForPort(port, 10_000);
  } catch (error) {
    const log = existsSync(join(dir, 'dovecot.log'))
      ? readFileSync(join(dir, 'dovecot.log'), 'utf8')
      : '';
    stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }

  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    port,
    user,
    password,
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    append: (raw, folder = 'INBOX') =>
      withClient(async (client) => {
        await client.append(folder, typeof raw === 'string' ? Buffer.from(raw) : raw);
      }),
    list: (folder = 'INBOX') =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          const found: { uid: number; seen: boolean; messageId: string | null }[] = [];
          const status = await client.status(folder, { messages: true });
          if (status === false || !status.messages) return found;
          for await (const message of client.fetch('1:*', {
            uid: true,
            flags: true,
            envelope: true,
          })) {
            found.push({
              uid: message.uid,
              seen: message.flags?.has('\\Seen') ?? false,
              messageId: message.envelope?.messageId ?? null,
            });
          }
          return found;
        } finally {
          lock.release();
        }
      }),
    createFolder: (folder) =>
      withClient(async (client) => {
        await client.mailboxCreate(folder);
      }),
    stop,
  };
}

/** Signals the process group led by `leader`, or the process alone if it leads none. */
function signalGroup(leader: number, signal: NodeJS.Signals): void {
  for (const target of [-leader, leader]) {
    try {
      process.kill(target, signal);
      return;
    } catch {
      // No such group (or process): try the process, or it is already gone.
    }
  }
}

/**
 * Whether a process of the group led by `leader` still runs. A killed process stays a zombie
 * until this machine's init reaps it, which can take a second; a zombie writes nothing.
 */
function groupRunning(leader: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid pgrp …; comm may hold spaces, so read after its closing bracket.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) === leader && state !== 'Z') return true;
    } catch {
      // Gone while listed.
    }
  }
  return false;
}

/**
 * Waits, blocking (stop is called from synchronous cleanups), until no process of the group led
 * by `leader` runs, or the time is up; says which.
 */
function groupGoneWithin(leader: number, ms: number): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + ms;
  while (groupRunning(leader)) {
    if (Date.now() > deadline) return false;
    Atomics.wait(pause, 0, 0, 50);
  }
  return true;
}
