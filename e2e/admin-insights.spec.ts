import { deskRows } from './support/database';
import { waitForDraft, waitForSampleDrafts } from './support/drafts';
import { expect, test } from './support/fixtures';
import { askByApi } from './support/questions';

/**
 * Questions (not runs) whose drafts looked croissants up and found none, in the last 30 days:
 * the example questions' own, or those of real customers.
 */
async function croissantAsks({ examples }: { examples: boolean }): Promise<number> {
  // The call's input is JSON text on SQLite and text on PostgreSQL: read in JavaScript.
  const calls = await deskRows<{ questionId: number; input: string }>(
    `select r.question_id as "questionId", c.input from tool_calls c
     join agent_runs r on r.id = c.run_id
     join questions q on q.id = r.question_id
     where c.tool_name = 'menu_item' and c.error_kind = 'notFound' and r.started_at >= ?
       and ${examples ? "q.channel = 'sample'" : "q.channel <> 'sample'"}`,
    Date.now() - 30 * 24 * 60 * 60 * 1000,
  );
  const asked = calls.filter(({ input }) => {
    const name = (JSON.parse(input) as { name?: string }).name?.trim().toLowerCase();
    return name === 'croissant' || name === 'croissants';
  });
  return new Set(asked.map((call) => call.questionId)).size;
}

test('the insights page counts customers’ asks for what the menu lacks, never the example questions’', async ({
  page,
  owner,
  signIn,
  request,
}) => {
  await waitForSampleDrafts();
  // Two example questions ask for croissants, which the seed menu does not have.
  expect(await croissantAsks({ examples: true })).toBeGreaterThanOrEqual(2);
  for (const name of ['Lena Vogel', 'Omar Haddad']) {
    const { ticketPath } = await askByApi(request, {
      text: 'Do you sell croissants? I would like six for Saturday.',
      name,
    });
    await waitForDraft(ticketPath);
  }
  const asks = await croissantAsks({ examples: false });
  expect(asks).toBeGreaterThanOrEqual(2);
  await signIn(page, owner);
  await page.goto('/admin/insights');
  const rows = page.getByTestId('unsold-ask');
  await expect(rows.first()).toContainText(`croissants: ${asks} asks`);
});
