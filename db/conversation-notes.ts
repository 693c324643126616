import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from './client';
import { type ConversationNote, conversationNotes, questions, users } from './schema';

/** A note as staff see it in the thread: who wrote it and when. */
export type NoteView = Pick<ConversationNote, 'id' | 'text' | 'at'> & { authorName: string };

/**
 * Staff's notes on a conversation, oldest first. They live apart from the messages so nothing
 * that sends, shows the ticket page or counts replies can ever pick one up.
 */
export async function listConversationNotes({
  questionId,
}: {
  questionId: number;
}): Promise<NoteView[]> {
  return (await getDb())
    .select({
      id: conversationNotes.id,
      text: conversationNotes.text,
      at: conversationNotes.at,
      authorName: users.name,
    })
    .from(conversationNotes)
    .innerJoin(users, eq(users.id, conversationNotes.authorId))
    .where(eq(conversationNotes.questionId, questionId))
    .orderBy(asc(conversationNotes.at), asc(conversationNotes.id));
}

/** The notes' texts alone, oldest first, for the drafting agent's context. */
export async function noteTextsForDrafting({
  questionId,
}: {
  questionId: number;
}): Promise<string[]> {
  const rows = await (await getDb())
    .select({ text: conversationNotes.text })
    .from(conversationNotes)
    .where(eq(conversationNotes.questionId, questionId))
    .orderBy(asc(conversationNotes.at), asc(conversationNotes.id));
  return rows.map((row) => row.text);
}

export type AddNoteResult =
  | { ok: true; note: ConversationNote }
  | { ok: false; reason: 'notFound' };

/** A staff note on a conversation; it changes nothing of the conversation itself. */
export async function addConversationNote({
  questionId,
  authorId,
  text,
  now,
}: {
  questionId: number;
  authorId: number;
  text: string;
  now: Date;
}): Promise<AddNoteResult> {
  const db = await getDb();
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, questionId))
    .limit(1);
  if (!question) return { ok: false, reason: 'notFound' };
  const [note] = await db
    .insert(conversationNotes)
    .values({ questionId, authorId, text, at: now })
    .returning();
  if (!note) throw new Error('The note was not stored.');
  return { ok: true, note };
}
