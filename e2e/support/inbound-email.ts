import { type DeskDatabaseAt, withDeskDatabase } from './database';

/**
 * Makes a conversation's first message look as the inbound mail watcher stores a customer's
 * email (its Message-ID, subject, sender and References), for journeys that start from an
 * email already in the desk.
 */
export function storeAsEmail(
  at: DeskDatabaseAt,
  questionId: number,
  email: { messageId: string; subject: string; from: string; references?: string },
): Promise<void> {
  return withDeskDatabase(
    (db) =>
      db.run(
        "update messages set channel = 'email', email_message_id = ?, email_subject = ?, email_from = ?, email_references = ? where question_id = ? and author = 'customer'",
        email.messageId,
        email.subject,
        email.from,
        email.references ?? null,
        questionId,
      ),
    at,
  );
}

export function storedMessageId(at: DeskDatabaseAt, questionId: number): Promise<string> {
  return withDeskDatabase(
    (db) =>
      db.value<string>(
        "select email_message_id from messages where question_id = ? and author = 'bakery' order by id desc limit 1",
        questionId,
      ),
    at,
  );
}
