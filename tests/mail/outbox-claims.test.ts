// @module-tag postgres: the outbox's claims and leases.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimNextEmail,
  listEmailDeliveries,
  markEmailSent,
  recordEmailFailure,
} from '@/db/outbox';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { emailConversation, staffMember } from '../support/email-conversation';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const mail = { from: 'hello@juniper.example', domain: 'juniper.example' };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + ms);
const row = async (id: number) =>
  (
    await sqlRows(
      'select status, attempts, lease_owner, lease_expires_at, not_before, updated_at, sent_at, last_error from email_outbox where id = ?',
      id,
    )
  )[0] as Record<string, string | number | null>;

/** The outbox's claims, straight on a real SQLite file: which email goes next, and when. */
describe('claiming emails from the outbox', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sam: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    sam = await staffMember();
  });
  afterEach(() => temp.cleanup());

  async function queue(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const id = await emailConversation({
        from: `cleo${i}@customer.example`,
        subject: `Order ${i}`,
        messageId: `c${i}@customer.example`,
        text: 'Rye?',
      });
      const version = (await getQuestion({ id }))?.version ?? 0;
      const sent = await sendReply({
        questionId: id,
        text: `Reply ${i}`,
        version,
        userId: sam,
        now: at(0),
        mail,
      });
      if (!sent.ok) throw new Error('not sent');
    }
  }
  const claim = (now: Date, owner = 'w1', maxAttempts = 3) =>
    claimNextEmail({ owner, leaseMs: 60_000, maxAttempts, now });

  it('takes the oldest queued email under a lease, with the reply’s text, one claim each', async () => {
    await queue(2);
    const first = await claim(at(1_000));
    const second = await claim(at(1_000), 'w2');
    expect(first?.replyText).toBe('Reply 0');
    expect(second?.replyText).toBe('Reply 1');
    expect(await claim(at(1_000), 'w3')).toBeUndefined();
    expect(first?.createdAt).toEqual(at(0));
    expect(first?.leaseExpiresAt).toEqual(at(61_000));
    expect(await row(first?.id ?? 0)).toMatchObject({
      status: 'sending',
      attempts: 1,
      lease_owner: 'w1',
      lease_expires_at: at(61_000).getTime(),
      updated_at: at(1_000).getTime(),
    });
  });

  it('waits out a retry’s backoff, then takes the email again', async () => {
    await queue(1);
    const first = await claim(at(1_000));
    if (!first) throw new Error('no claim');
    await recordEmailFailure({
      id: first.id,
      leaseToken: first.leaseToken,
      next: { status: 'queued', notBefore: at(20_000), lastError: '451 try later' },
      now: at(2_000),
    });
    expect(await claim(at(19_999))).toBeUndefined();
    const again = await claim(at(20_000));
    expect(again?.id).toBe(first.id);
    expect(again?.attempts).toBe(2);
  });

  it('takes back an email whose sender’s lease ran out, and fails one that ran out on every try', async () => {
    await queue(1);
    const first = await claim(at(1_000), 'w1', 2);
    if (!first) throw new Error('no claim');
    expect(await claim(at(60_999), 'w2', 2)).toBeUndefined();
    const taken = await claim(at(61_001), 'w2', 2);
    expect(taken).toMatchObject({ id: first.id, attempts: 2, leaseOwner: 'w2' });
    // The second sender died too: with its tries used up, the email fails for a person to resend.
    expect(await claim(at(121_002), 'w3', 2)).toBeUndefined();
    expect(await row(first.id)).toMatchObject({
      status: 'failed',
      lease_owner: null,
      updated_at: at(121_002).getTime(),
      last_error: 'The delivery worker stopped part-way on every try. Resend it to try again.',
    });
  });

  it('marks an accepted email sent once, at the time given', async () => {
    await queue(1);
    const first = await claim(at(1_000));
    if (!first) throw new Error('no claim');
    expect(await markEmailSent({ id: first.id, response: '250 OK', now: at(1_500) })).toBe(true);
    expect(await markEmailSent({ id: first.id, response: '250 OK', now: at(1_600) })).toBe(false);
    expect(await row(first.id)).toMatchObject({
      status: 'sent',
      sent_at: at(1_500).getTime(),
      updated_at: at(1_500).getTime(),
      lease_owner: null,
    });
    expect((await listEmailDeliveries({ questionId: first.questionId }))[0]?.sentAt).toEqual(
      at(1_500),
    );
    expect(await claim(at(100_000))).toBeUndefined();
  });
});
