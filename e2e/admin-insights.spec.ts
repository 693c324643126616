import { deskRows } from './support/database';
import { waitForSampleDrafts } from './support/drafts';
import { expect, test } from './support/fixtures';

/** Questions (not runs) whose drafts looked croissants up and found none, in the last 30 days. */
async function croissantAsks(): Promise<number> {
  // The call's input is JSON text on SQLite and text on PostgreSQL: read in JavaScript.
  const calls = await deskRows<{ questionId: number; input: string }>(
    `select r.question_id as "questionId", c.input from tool_calls c
     join agent_runs r on r.id = c.run_id
     where c.tool_name = 'menu_item' and c.error_kind = 'notFound' and r.started_at >= ?`,
    Date.now() - 30 * 24 * 60 * 60 * 1000,
  );
  const asked = calls.filter(({ input }) => {
    const name = (JSON.parse(input) as { name?: string }).name?.trim().toLowerCase();
    return name === 'croissant' || name === 'croissants';
  });
  return new Set(asked.map((call) => call.questionId)).size;
}

test('the insights page counts the croissant asks from the sample questions', async ({
  page,
  owner,
  signIn,
}) => {
  await waitForSampleDrafts();
  const asks = await croissantAsks();
  // Two sample questions ask for croissants, which the seed menu does not have.
  expect(asks).toBeGreaterThanOrEqual(2);
  await signIn(page, owner);
  await page.goto('/admin/insights');
  const rows = page.getByTestId('unsold-ask');
  await expect(rows.first()).toContainText(`croissants: ${asks} asks`);
});
