import { fillReleaseDatabase } from '../tests/support/release-data';
import { withDeskDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';

/**
 * An operator upgrades: `npm start` on a database the previous release wrote (its own rows and
 * 1,000 more conversations in every state). The server migrates it as it starts, and every
 * customer's old ticket link still opens their conversation over HTTP. Earlier releases ran on
 * SQLite only, so this desk is a SQLite file in a PostgreSQL run too (`prepareDatabase`).
 */
let server: OwnServer;
let tokens: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    name: 'upgraded-desk',
    prepareDatabase: (path) => {
      ({ tokens } = fillReleaseDatabase(path, { idx: 3, questions: 1000 }));
    },
  });
});
test.afterAll(async () => server?.stop());

test('every ticket link from the previous release opens its conversation after the upgrade', async ({
  request,
}) => {
  // A thousand pages: twice a test's time (two minutes, more with more workers than cores).
  test.setTimeout(test.info().timeout * 2);
  const { questions, replies } = await withDeskDatabase(
    async (db) => ({
      questions: new Map(
        (
          await db.rows<{ id: number; text: string; status: string }>(
            'select id, text, status from questions',
          )
        ).map((q) => [String(q.id), q]),
      ),
      replies: await db.rows<{ question_id: number; text: string }>(
        'select question_id, text from replies',
      ),
    }),
    server.database,
  );
  expect(Object.keys(tokens).length).toBeGreaterThan(1000);
  const escaped = (text: string) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll("'", '&#x27;')
      .replaceAll('"', '&quot;');
  const entries = Object.entries(tokens);
  for (let i = 0; i < entries.length; i += 25) {
    await Promise.all(
      entries.slice(i, i + 25).map(async ([id, token]) => {
        const response = await request.get(`${server.url}/t/${token}`);
        expect(response.status(), `ticket of question ${id}`).toBe(200);
        const html = await response.text();
        const question = questions.get(id);
        expect(html).toContain(escaped(question?.text ?? 'missing'));
        for (const reply of replies.filter((r) => String(r.question_id) === id)) {
          expect(html).toContain(escaped(reply.text.split('\n')[0] ?? ''));
        }
      }),
    );
  }
  // A link nobody was given opens nothing.
  expect((await request.get(`${server.url}/t/${'Q'.repeat(32)}`)).status()).toBe(404);
});
