import { type APIRequestContext, expect } from '@playwright/test';
import { openDeskDatabase } from './database';

/** Asks a question through the intake API (the main server has a key); returns its id and ticket. */
export async function askByApi(
  request: APIRequestContext,
  input: { text: string; name: string },
): Promise<{ id: number; ticketPath: string }> {
  const response = await request.post('/api/questions', {
    headers: { authorization: 'Bearer e2e-intake-key' },
    data: { text: input.text, customer: { name: input.name } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number; ticketUrl: string };
  return { id: body.id, ticketPath: new URL(body.ticketUrl).pathname };
}

type QuestionRow = { status: string; version: number; draft_text: string | null };

export function questionRow(id: number, databasePath?: string): QuestionRow | undefined {
  const db = openDeskDatabase(databasePath);
  try {
    return db.prepare('select status, version, draft_text from questions where id = ?').get(id) as
      | QuestionRow
      | undefined;
  } finally {
    db.close();
  }
}

/** Waits for the server's worker to finish drafting the question. */
export async function waitForStatus(id: number, status: string, databasePath?: string) {
  await expect.poll(() => questionRow(id, databasePath)?.status, { timeout: 20_000 }).toBe(status);
}

export type ReplyRow = {
  text: string;
  sent_by_name: string;
  edited: number;
  edit_distance: number;
  run_id: number | null;
  draft_run_id: number | null;
};

export function repliesFor(questionId: number): ReplyRow[] {
  const db = openDeskDatabase();
  try {
    return db
      .prepare(
        `select r.text, u.name as sent_by_name, r.edited, r.edit_distance, r.run_id, q.draft_run_id
         from replies r join users u on u.id = r.sent_by join questions q on q.id = r.question_id
         where r.question_id = ?`,
      )
      .all(questionId) as ReplyRow[];
  } finally {
    db.close();
  }
}
