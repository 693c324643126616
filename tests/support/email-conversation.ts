import { createQuestion } from '@/db/questions';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRun } from './sql';

/**
 * A conversation opened by a customer's email, stored the way the inbound mail watcher stores
 * one: the message carries its Message-ID, subject, sender and References.
 */
export async function emailConversation(input: {
  from: string;
  name?: string;
  subject: string;
  messageId: string;
  references?: string | null;
  text: string;
  now?: Date;
}): Promise<number> {
  const stored = await createQuestion({
    text: input.text,
    customerName: input.name ?? 'Cleo',
    customerEmail: input.from,
    channel: 'email',
    externalId: input.messageId,
    now: input.now,
  });
  await sqlRun(
    'update messages set email_message_id = ?, email_subject = ?, email_from = ?, email_references = ? where question_id = ?',
    input.messageId,
    input.subject,
    input.from,
    input.references ?? null,
    stored.question.id,
  );
  return stored.question.id;
}

/** A staff member who sends replies. */
export async function staffMember(name = 'Sam'): Promise<number> {
  const created = await createUser({
    email: `${name.toLowerCase()}@mail.test`,
    name,
    role: 'staff',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now: new Date(),
  });
  if (!created.ok) throw new Error('could not add the staff member');
  return created.user.id;
}
