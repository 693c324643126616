import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  request as newRequest,
  type Page,
} from '@playwright/test';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { InboxTeamView, QuestionTeamPanel } from './pages/team-pages';
import { expectNoAxeViolations } from './support/axe';
import { withDeskDatabase } from './support/database';
import { expect, signInRequest, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { waitForStatus } from './support/questions';
import { ensureUser, owner, staff, type TestUser } from './support/users';

/**
 * Who is on what, with two people in two browsers on a desk of the test's own whose presence
 * heartbeat is a second and whose expiry is three (the defaults are 10 s and 25 s).
 */
const HEARTBEAT_MS = 1_000;
const EXPIRY_MS = 3_000;
const INTAKE_KEY = 'presence-intake-key';

let server: OwnServer;
/** Each person's session, signed in once for the file: every tab of theirs starts with it. */
const sessions = new Map<TestUser, Awaited<ReturnType<APIRequestContext['storageState']>>>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    name: 'presence',
    env: {
      PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS),
      PRESENCE_EXPIRY_MS: String(EXPIRY_MS),
      DRAFT_WORKER: 'on',
      INTAKE_API_KEY: INTAKE_KEY,
    },
  });
  await ensureUser(owner, server.database);
  await ensureUser(staff, server.database);
  await Promise.all(
    [owner, staff].map(async (user) => {
      const api = await newRequest.newContext({ baseURL: server.url });
      await signInRequest(api, user);
      sessions.set(user, await api.storageState());
      await api.dispose();
    }),
  );
});

test.afterAll(async () => {
  await server?.stop();
});

async function personTab(
  browser: Browser,
  user: TestUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    storageState: sessions.get(user),
  });
  return { context, page: await context.newPage() };
}

async function ask(request: APIRequestContext, text: string, name: string): Promise<number> {
  const response = await request.post(`${server.url}/api/questions`, {
    headers: { authorization: `Bearer ${INTAKE_KEY}` },
    data: { text, customer: { name } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('two staff: A sees B viewing and writing, and B gone soon after B’s tab closes; sending while B writes asks first; assignment shows in both inboxes, with Mine and Unassigned', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const id = await ask(request, `Do you have rye on Saturday? (${stamp})`, 'Lena Berger');
  await waitForStatus(id, 'drafted', server.database);
  const a = await personTab(browser, owner);
  const b = await personTab(browser, staff);
  try {
    // A watches the inbox; B opens the question.
    const inboxA = new InboxPage(a.page);
    await inboxA.open();
    const rowsA = new InboxTeamView(a.page);
    await expect(rowsA.rowFor(id)).toBeVisible();
    await expect(rowsA.presenceOf(id)).toHaveCount(0);
    const questionB = new QuestionPage(b.page);
    await questionB.open(id);
    const teamB = new QuestionTeamPanel(b.page);
    await expect(rowsA.presenceOf(id)).toHaveText('Sam Staff is viewing');

    // A opens it too: each sees the other, never themselves.
    const questionA = new QuestionPage(a.page);
    await rowsA.rowFor(id).click();
    await a.page.waitForURL(new RegExp(`/inbox/${id}`));
    await questionA.waitUntilLive();
    const teamA = new QuestionTeamPanel(a.page);
    await expect(teamA.presence).toHaveText('Sam Staff is viewing.');
    await expect(teamB.presence).toHaveText('Olive Owner is viewing.');

    // B writes: A sees it, and A's send asks first.
    await questionB.editor.fill(`Hi Lena, yes we do (${stamp})`);
    await expect(teamA.presence).toHaveText('Sam Staff is writing a reply.');
    const dialog = await questionA.startSending();
    await expect(dialog.getByTestId('send-anyway')).toHaveText(
      'Sam Staff is writing a reply. Send anyway?',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // B, who is not writing over anyone, is asked only the usual question.
    const dialogB = await questionB.startSending();
    await expect(dialogB.getByTestId('send-anyway')).toHaveCount(0);
    await dialogB.getByRole('button', { name: 'Cancel' }).click();

    // Assignment: A takes it; B's page and both inboxes say so.
    await expect(teamA.assignee).toHaveText('Not assigned to anyone');
    await teamA.assignToMe();
    await expect(teamB.assignee).toHaveText('Assigned to Olive Owner');
    const audit = await withDeskDatabase(
      (db) =>
        db.rows<{ action: string; after: string }>(
          "select action, after from audit_log where entity = 'question' and entity_id = ? order by id",
          String(id),
        ),
      server.database,
    );
    expect(audit.map((row) => [row.action, JSON.parse(row.after).assignee])).toEqual([
      ['question.assign', 'Olive Owner'],
    ]);

    // A goes back to the inbox (a new page load, so no goodbye): B's line for A empties once
    // A's last heartbeat expires.
    await inboxA.open();
    await expect(teamB.presence).toHaveText('', { timeout: 15_000 });
    await expect(rowsA.assigneeOf(id)).toHaveText('Yours');
    // Writing lingers a few seconds after the last keystroke, then B is only viewing.
    await expect(rowsA.presenceOf(id)).toHaveText(/^Sam Staff is (writing a reply|viewing)$/);
    await rowsA.view('mine').click();
    await expect(a.page).toHaveURL(/view=mine/);
    await expect(rowsA.rowFor(id)).toBeVisible();
    await rowsA.view('unassigned').click();
    await expect(a.page).toHaveURL(/view=unassigned/);
    await expect(rowsA.rowFor(id)).toHaveCount(0);
    await expect(new InboxPage(a.page).rows().first()).toBeVisible();

    // A hands it to B from the question page; B's inbox shows it as theirs, under Mine.
    await questionA.open(id);
    await teamA.assignTo('Sam Staff');
    await expect(teamB.assignee).toHaveText('Assigned to you');
    const c = await b.context.newPage();
    const inboxB = new InboxPage(c);
    await inboxB.open('?view=mine');
    const rowsB = new InboxTeamView(c);
    await expect(rowsB.rowFor(id)).toBeVisible();
    await expect(rowsB.assigneeOf(id)).toHaveText('Yours');
    await expect(rowsB.presenceOf(id)).toHaveText('Olive Owner is viewing');
    await inboxB.open('?view=unassigned');
    await expect(rowsB.rowFor(id)).toHaveCount(0);
    await c.close();

    // B closes the question's tab without a goodbye: A's line empties once B's last heartbeat
    // expires (3 s here; 25 s by default, within the 30 s the desk promises).
    await expect(teamA.presence).toHaveText(/Sam Staff is (writing a reply|viewing)\./);
    const closedAt = Date.now();
    await b.page.close({ runBeforeUnload: false });
    await expect(teamA.presence).toHaveText('', { timeout: 15_000 });
    const gone = Date.now() - closedAt;
    expect(
      gone,
      'presence outlives the closed tab by at most the expiry and a heartbeat',
    ).toBeLessThan(EXPIRY_MS + HEARTBEAT_MS + 5_000);
    test.info().annotations.push({ type: 'presence gone after', description: `${gone} ms` });

    // The question page and the inbox, with presence and assignment on them, pass axe at
    // desktop and phone sizes (each page loaded once, then resized).
    const atBothSizes = async () => {
      for (const size of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await a.page.setViewportSize(size);
        await expectNoAxeViolations(a.page);
      }
    };
    await questionA.open(id);
    await expect(teamA.assignee).toHaveText('Assigned to Sam Staff');
    await atBothSizes();
    await new InboxPage(a.page).open();
    await expect(rowsA.assigneeOf(id)).toHaveText('Assigned to Sam Staff');
    await atBothSizes();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('with Settings’ assign on open, the first person to open an unassigned question takes it', async ({
  browser,
  request,
}) => {
  const a = await personTab(browser, owner);
  const b = await personTab(browser, staff);
  try {
    await a.page.goto('/admin/settings');
    const section = a.page.getByRole('form', { name: 'Who looks after a question' });
    await section.getByLabel('Assign a question to the first person who opens it').check();
    await section.getByRole('button', { name: 'Save assigning' }).click();
    await expect(section.getByRole('status')).toContainText('Saved.');

    const id = await ask(request, `Open on Sunday? (${Date.now()})`, 'Max Moser');
    const questionB = new QuestionPage(b.page);
    await questionB.open(id);
    const teamB = new QuestionTeamPanel(b.page);
    await expect(teamB.assignee).toHaveText('Assigned to you');
    // The next to open it finds it taken, not theirs.
    await new QuestionPage(a.page).open(id);
    await expect(new QuestionTeamPanel(a.page).assignee).toHaveText('Assigned to Sam Staff');
    // Let go, it is the next opener's.
    await teamB.unassign();
    await new QuestionPage(a.page).open(id);
    await expect(new QuestionTeamPanel(a.page).assignee).toHaveText('Assigned to you');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
