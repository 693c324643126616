import { startDovecot } from '@/tests/support/dovecot';
import { startSmtpSink } from '@/tests/support/smtp-sink';
import { customerEmail } from './email';
import type { BenchmarkResult, Size } from './figures';
import { INTAKE_KEY } from './support/desk-client';
import { loadTest } from './support/load';
import { watchPeakMemory } from './support/memory';
import { ensureBuild, startNextServer } from './support/next-server';
import { preparedDatabase, scratchFolder } from './support/server-db';

/**
 * 7. Memory: the production server's peak resident memory while it does everything at once:
 * intake under load, the drafting worker answering what arrives, customers' emails coming in
 * through IMAP and the delivery worker connected to an SMTP server.
 */

const body = JSON.stringify({
  text: 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
  customer: { name: 'Maya Ortiz', email: 'maya@example.com' },
});

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const durationS = size === 'full' ? 10 : 1;
  const levels = size === 'full' ? [8, 32] : [4];
  const emails = size === 'full' ? 300 : 5;
  await ensureBuild();
  const scratch = scratchFolder();
  const path = `${scratch.dir}/memory.db`;
  await preparedDatabase(path);
  const smtp = await startSmtpSink();
  const imap = await startDovecot();
  try {
    const server = await startNextServer({
      databasePath: path,
      env: {
        INTAKE_API_KEY: INTAKE_KEY,
        DRAFT_WORKER: 'on',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Juniper Street Bakery <hello@bakery.example>',
        PUBLIC_BASE_URL: 'http://127.0.0.1',
        IMAP_URL: imap.url,
        IMAP_POLL_MS: '1000',
      },
    });
    const memory = watchPeakMemory(server.pid);
    let appended = 0;
    try {
      const headers = { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' };
      const mail = (async () => {
        for (; appended < emails; appended++) await imap.append(customerEmail(0, appended));
      })();
      for (const connections of levels) {
        await loadTest({
          url: `${server.url}/api/questions`,
          method: 'POST',
          headers,
          body,
          connections,
          durationS,
        });
      }
      await mail;
      const peak = memory.stop();
      return {
        id: 7,
        title: 'Memory',
        method: `The production server's peak resident memory (VmHWM of the next-server process, polled from /proc every 250 ms) from start-up through ${durationS} s of intake load at each of ${levels.join(' and ')} connections, with the drafting worker on (offline drafter, drafting what arrives), the delivery worker connected to a local SMTP server, and the mailbox watcher reading ${emails} customers' emails appended to a throwaway Dovecot meanwhile.`,
        figures: [
          {
            name: 'peak resident memory, every worker on, under intake load',
            unit: 'MiB',
            samples: [peak],
            targets: [{ on: 'value', atMost: 400, text: '≤ 400 MiB' }],
          },
        ],
        whenMissed:
          'Most of the peak is the V8 heap growing under load before the collector runs; see the server’s memory settings in scripts/server-flags.mjs.',
      };
    } finally {
      memory.stop();
      await server.stop();
    }
  } finally {
    imap.stop();
    await smtp.close();
    scratch.remove();
  }
}
