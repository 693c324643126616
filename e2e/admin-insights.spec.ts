import { deskValue } from './support/database';
import { waitForSampleDrafts } from './support/drafts';
import { expect, test } from './support/fixtures';

/** Questions (not runs) whose drafts looked croissants up and found none, in the last 30 days. */
function croissantAsks(): Promise<number> {
  return deskValue<number>(
    `select count(distinct r.question_id) from tool_calls c join agent_runs r on r.id = c.run_id
     where c.tool_name = 'menu_item' and c.error_kind = 'notFound'
       and lower(trim(c.input ->> 'name')) in ('croissant', 'croissants')
       and r.started_at >= ?`,
    Date.now() - 30 * 24 * 60 * 60 * 1000,
  );
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
