import 'server-only';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { describeMailError } from '@/lib/mail/server-url';
import type { IncomingConfig, OutgoingConfig } from './mail-config';

/**
 * The Settings page's two buttons: one real conversation with the mail server, bounded in
 * time, said in words. On failure the words are the server's own (its response to the login,
 * the refused connection), with the password blanked out if a server echoed it.
 */
export type CheckResult = { ok: boolean; words: string };

/** Each step of the conversation; a slow server is a failure, not a page that hangs. */
const STEP_MS = 10_000;
/** The whole check, whatever the steps do. */
export const CHECK_DEADLINE_MS = 25_000;

function deadline<T>(work: Promise<T>, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout();
        reject(new Error(`the mail server did not finish within ${CHECK_DEADLINE_MS / 1000} s`));
      }, CHECK_DEADLINE_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** "Send a test email to me": one email to the signed-in owner through the settings given. */
export async function sendTestEmail({
  config,
  to,
  bakeryName,
}: {
  config: OutgoingConfig;
  to: string;
  bakeryName: string;
}): Promise<CheckResult> {
  const transport = createTransport({
    ...config.transport,
    connectionTimeout: STEP_MS,
    greetingTimeout: STEP_MS,
    socketTimeout: STEP_MS,
  });
  try {
    const info = await deadline(
      transport.sendMail({
        from: config.fromLine,
        to,
        subject: `Test email from ${bakeryName}’s desk`,
        text: [
          'This is a test from the desk’s Settings page.',
          '',
          `Replies to customers will come from ${config.fromLine} through ${config.shown}, and their links will open ${config.baseUrl}.`,
        ].join('\n'),
      }),
      () => transport.close(),
    );
    const answer = typeof info.response === 'string' ? info.response : 'accepted';
    return { ok: true, words: `Sent to ${to}. The mail server said: ${answer}` };
  } catch (error) {
    return {
      ok: false,
      words: `Not sent. The mail server said: ${describeMailError(error, config.secrets)}`,
    };
  } finally {
    transport.close();
  }
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "Check the mailbox": sign in, open the folder, count its emails; nothing is changed. */
export async function checkMailbox(config: IncomingConfig): Promise<CheckResult> {
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    doSTARTTLS: config.doSTARTTLS,
    auth: { user: config.user, pass: config.password },
    logger: false,
    connectionTimeout: STEP_MS,
    greetingTimeout: STEP_MS,
    socketTimeout: STEP_MS,
  });
  // An 'error' without a listener would end the process; the failure reaches the catch below.
  client.on('error', () => {});
  try {
    return await deadline(
      (async (): Promise<CheckResult> => {
        await client.connect();
        const mailbox = await client.mailboxOpen(config.mailbox, { readOnly: true });
        const unseen =
          mailbox.exists > 0 ? await client.search({ seen: false }, { uid: true }) : [];
        let done = '';
        if (config.doneFolder) {
          const folders = await client.list();
          done = folders.some((folder) => folder.path === config.doneFolder)
            ? ` Handled emails go to “${config.doneFolder}”.`
            : ` Handled emails go to “${config.doneFolder}”, which the desk will make when it first needs it.`;
        }
        return {
          ok: true,
          words: `Signed in. “${mailbox.path}” holds ${plural(mailbox.exists, 'email')}, ${(unseen || []).length} not yet read.${done}`,
        };
      })(),
      () => client.close(),
    );
  } catch (error) {
    return {
      ok: false,
      words: `The mailbox could not be checked. The mail server said: ${describeMailError(error, config.secrets)}`,
    };
  } finally {
    if (client.usable) await client.logout().catch(() => client.close());
    else client.close();
  }
}
