import Database from 'better-sqlite3';

/**
 * Makes a conversation's first message look as the inbound mail watcher stores a customer's
 * email (its Message-ID, subject, sender and References), for journeys that start from an
 * email already in the desk.
 */
export function storeAsEmail(
  databasePath: string,
  questionId: number,
  email: { messageId: string; subject: string; from: string; references?: string },
): void {
  const db = new Database(databasePath);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      "update messages set channel = 'email', email_message_id = ?, email_subject = ?, email_from = ?, email_references = ? where question_id = ? and author = 'customer'",
    ).run(email.messageId, email.subject, email.from, email.references ?? null, questionId);
  } finally {
    db.close();
  }
}

export function storedMessageId(databasePath: string, questionId: number): string {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db
      .prepare(
        "select email_message_id from messages where question_id = ? and author = 'bakery' order by id desc limit 1",
      )
      .pluck()
      .get(questionId) as string;
  } finally {
    db.close();
  }
}
