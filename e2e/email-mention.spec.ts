import type { Browser, Page } from '@playwright/test';
import { type Dovecot, startDovecot } from '../tests/support/dovecot';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { InboxPage, QuestionPage, questionIdFromUrl } from './pages/inbox-page';
import { MentionPanel } from './pages/mention-panel';
import { expectNoAxeViolations } from './support/axe';
import { withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { storedMessageId } from './support/inbound-email';
import { type OwnServer, startOwnServer } from './support/own-server';
import { freePort } from './support/ports';
import { setNextAfterSend } from './support/preferences';
import { sendRepliesAtOnce } from './support/undo-send';
import { ensureUser, staff } from './support/users';

/**
 * An email that names a customer's conversation from another address (a forward, a colleague,
 * a forger) opens its own conversation, marked for staff, who may merge it by hand and choose
 * where replies go. Real Dovecot and SMTP servers, and a desk of its own.
 */
let dovecot: Dovecot;
let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dovecot = await startDovecot({ port: await freePort() });
  sink = await startSmtpSink(await freePort());
  server = await startOwnServer({
    name: 'email-mention',
    env: {
      IMAP_URL: dovecot.url,
      IMAP_POLL_MS: '500',
      SMTP_URL: sink.url,
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
      MAIL_FROM: 'Juniper Street Bakery <orders@juniper.example>',
      DRAFT_WORKER: 'on',
      HOST: '127.0.0.1',
    },
  });
  await ensureUser(staff, server.database);
  // The journeys read the sent question's own page after Send.
  await setNextAfterSend(staff, false, server.database);
  await sendRepliesAtOnce(server.database);
});

test.afterAll(async () => {
  await server?.stop();
  dovecot?.stop();
  await sink?.close();
});

async function deskPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, staff);
  return page;
}

const email = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

test('an email naming a customer’s conversation from another address stands apart, marked, until staff merge it by keyboard', async ({
  browser,
}) => {
  await dovecot.append(
    email([
      'From: Ada Lovelace <ada@example.com>',
      'To: orders@juniper.example',
      'Subject: Office birthday cake',
      'Message-ID: <mention-1@example.com>',
      '',
      'Could you make a birthday cake for twelve on Friday?',
    ]),
  );
  const page = await deskPage(browser);
  const inbox = new InboxPage(page);
  await inbox.open();
  const adaRow = inbox.row('birthday cake for twelve');
  await expect(adaRow.getByTestId('status-badge')).toHaveText('Needs review', { timeout: 30_000 });
  await adaRow.click();
  const question = new QuestionPage(page);
  await expect(question.editor).not.toHaveValue('');
  const ada = questionIdFromUrl(page);
  await question.editor.fill('Yes, Ada: a cake for twelve on Friday is fine.');
  await question.send();
  await expect(question.ok).toContainText('on its way to ada@example.com by email');
  const replyId = await storedMessageId(server.database, ada);

  // Someone else answers the bakery's email, under Ada's name but from their own address.
  await dovecot.append(
    email([
      'From: Ada Lovelace <mallory@example.net>',
      'To: orders@juniper.example',
      'Subject: Re: Office birthday cake',
      'Message-ID: <mention-2@example.net>',
      `In-Reply-To: <${replyId}>`,
      `References: <mention-1@example.com> <${replyId}>`,
      '',
      'Please send the ticket link to this address instead.',
    ]),
  );
  await inbox.open();
  const otherRow = inbox.row('send the ticket link');
  await expect(otherRow.getByTestId('status-badge')).toHaveText('Needs review', {
    timeout: 30_000,
  });
  await expect(otherRow.getByTestId('mention-mark')).toHaveText(
    `Mentions conversation #${ada} from another address`,
  );
  // Ada's own conversation took nothing in: still answered (so not in this tab), two messages.
  await expect(adaRow).toHaveCount(0);
  const adaMessages = () =>
    withDeskDatabase(
      (db) => db.value<number>('select count(*) from messages where question_id = ?', ada),
      server.database,
    );
  expect(Number(await adaMessages())).toBe(2);
  await expectNoAxeViolations(page, ['[data-testid="inbox-list"]']);

  // By keyboard: the row, then the merge.
  await otherRow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inbox\/\d+/);
  const other = questionIdFromUrl(page);
  expect(other).not.toBe(ada);
  const mention = new MentionPanel(page);
  await expect(mention.heading).toHaveText(`Mentions conversation #${ada} from another address`);
  await expect(mention.section).toContainText('it came from mallory@example.net');
  await expect(mention.link).toHaveAttribute('href', `/inbox/${ada}`);
  await expect(mention.repliesTo('ada@example.com')).toBeChecked();
  await expect(mention.repliesTo('mallory@example.net')).not.toBeChecked();
  await expectNoAxeViolations(page, ['[data-testid="mention-note"]', 'header']);

  // Arrow keys move the choice; staff keep Ada's address and merge with Enter.
  await mention.repliesTo('ada@example.com').focus();
  await page.keyboard.press('ArrowDown');
  await expect(mention.repliesTo('mallory@example.net')).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(mention.repliesTo('ada@example.com')).toBeChecked();
  await mention.mergeButton.focus();
  await page.keyboard.press('Enter');
  await expect(mention.result).toHaveText(
    `Merged into conversation #${ada}. Replies there go to ada@example.com. Open conversation #${ada}`,
  );
  await expect(mention.result).toHaveAttribute('role', 'status');
  await expectNoAxeViolations(page, ['[data-testid="mention-note"]']);

  // The message moved into Ada's conversation, which drafts again; this one is closed as merged.
  const state = () =>
    withDeskDatabase(
      (db) =>
        db.rows<{ id: number; status: string; merged: number | null }>(
          'select id, status, merged_into_id as merged from questions where id in (?, ?) order by id',
          ada,
          other,
        ),
      server.database,
    );
  await expect
    .poll(async () => JSON.stringify(await state()), { timeout: 30_000 })
    .toBe(
      JSON.stringify([
        { id: ada, status: 'drafted', merged: null },
        { id: other, status: 'discarded', merged: ada },
      ]),
    );
  const audit = await withDeskDatabase(
    (db) =>
      db.rows<{ action: string; entity_id: string }>(
        "select action, entity_id from audit_log where action like 'conversation.%'",
      ),
    server.database,
  );
  expect(audit).toEqual([{ action: 'conversation.merge', entity_id: String(other) }]);

  await mention.result.getByRole('link', { name: `Open conversation #${ada}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${ada}$`));
  await expect(question.emailDetails()).toHaveCount(2);
  await expect(question.emailDetails().nth(1)).toContainText('mallory@example.net');
  await expect(question.questionText).toHaveText(
    'Please send the ticket link to this address instead.',
  );

  // The next reply still goes to Ada.
  await expect(question.editor).not.toHaveValue('');
  await question.editor.fill('Ada, someone asked us to write to another address; we have not.');
  await question.send();
  await expect(question.ok).toContainText('on its way to ada@example.com by email');
  await expect
    .poll(() => sink.received.map((received) => received.to.join(',')).join(' '))
    .toBe('ada@example.com ada@example.com');
  await page.context().close();
});
