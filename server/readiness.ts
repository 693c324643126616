import 'server-only';
import { migrationsStanding, pingDatabase } from '@/db/health';
import { listMailChannels } from '@/db/mail-channels';
import { mailChannelView } from '@/lib/mail/channel-state';
import { databaseAnswered, databaseAway } from './database-away';
import { logger } from './log';
import { incomingMail, outgoingMail } from './mail/mail-config';

/**
 * Whether this desk is ready to take traffic: its database answers, has had every migration
 * this code ships (not fewer, not a newer release's), and each mail channel set up was last
 * heard from in good health. `GET /api/health` stays the plain liveness check.
 */
export type Readiness = {
  ready: boolean;
  /** The checks that failed, by name. */
  failed: ('database' | 'migrations' | 'mail')[];
  checks: {
    database: 'reachable' | 'unreachable' | 'failing';
    migrations: 'current' | 'behind' | 'ahead' | 'unknown';
    mail: {
      smtp: MailCheck;
      imap: MailCheck;
    };
  };
};

type MailCheck = 'not configured' | 'not checked yet' | 'healthy' | 'failing' | 'unknown';

const UNKNOWN_MAIL = { smtp: 'unknown', imap: 'unknown' } as const;

export async function checkReadiness(): Promise<Readiness> {
  try {
    await pingDatabase();
    const [standing, mail] = await Promise.all([
      migrationsStanding().then((s) => (s.kind === 'new' ? 'behind' : s.kind)),
      mailChecks(),
    ]);
    databaseAnswered();
    const failed: Readiness['failed'] = [];
    if (standing !== 'current') failed.push('migrations');
    if (mail.smtp === 'failing' || mail.imap === 'failing') failed.push('mail');
    return {
      ready: failed.length === 0,
      failed,
      checks: { database: 'reachable', migrations: standing, mail },
    };
  } catch (error) {
    const away = databaseAway(error, 'GET /api/ready');
    if (!away) logger('ready').error({ err: error }, 'the database failed the readiness check');
    return {
      ready: false,
      failed: ['database'],
      checks: {
        database: away ? 'unreachable' : 'failing',
        migrations: 'unknown',
        mail: UNKNOWN_MAIL,
      },
    };
  }
}

/** Each mail channel as Settings shows it: set up (environment or Settings) and its last answer. */
async function mailChecks(): Promise<Readiness['checks']['mail']> {
  const [outgoing, incoming, rows] = await Promise.all([
    outgoingMail(),
    incomingMail(),
    listMailChannels(),
  ]);
  const check = (name: 'smtp' | 'imap', configured: boolean): MailCheck =>
    mailChannelView({
      name,
      server: configured ? name : null,
      row: rows.find((row) => row.name === name),
    }).state;
  return {
    smtp: check('smtp', outgoing.state !== 'off'),
    imap: check('imap', incoming.state !== 'off'),
  };
}
