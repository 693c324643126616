import { type APIRequestContext, expect } from '@playwright/test';
import { type DeskDatabaseAt, deskRows, mainDesk, withDeskDatabase } from './database';

/** Asks a question through the intake API (the main server has a key); returns its id and ticket. */
export async function askByApi(
  request: APIRequestContext,
  input: { text: string; name: string; email?: string },
): Promise<{ id: number; ticketPath: string }> {
  const response = await request.post('/api/questions', {
    headers: { authorization: 'Bearer e2e-intake-key' },
    data: { text: input.text, customer: { name: input.name, email: input.email } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number; ticketUrl: string };
  return { id: body.id, ticketPath: new URL(body.ticketUrl).pathname };
}

type QuestionRow = { status: string; version: number; draft_text: string | null };

export function questionRow(
  id: number,
  at: DeskDatabaseAt = mainDesk(),
): Promise<QuestionRow | undefined> {
  return withDeskDatabase(
    (db) =>
      db.row<QuestionRow>('select status, version, draft_text from questions where id = ?', id),
    at,
  );
}

/** Waits for the server's worker to finish drafting the question. */
export async function waitForStatus(id: number, status: string, at?: DeskDatabaseAt) {
  await expect
    .poll(async () => (await questionRow(id, at))?.status, { timeout: 20_000 })
    .toBe(status);
}

export type ReplyRow = {
  text: string;
  sent_by_name: string;
  edited: number;
  edit_distance: number;
  run_id: number | null;
  draft_run_id: number | null;
};

/** Each reply sent to the question (`edited` is 1 or 0 on both engines). */
export function repliesFor(questionId: number): Promise<ReplyRow[]> {
  return deskRows<ReplyRow>(
    `select r.text, u.name as sent_by_name, r.edited, r.edit_distance, r.run_id, q.draft_run_id
     from replies r join users u on u.id = r.sent_by join questions q on q.id = r.question_id
     where r.question_id = ?`,
    questionId,
  );
}
