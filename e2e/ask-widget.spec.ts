import { gzipSync } from 'node:zlib';
import {
  BakeryWebsite,
  startBakeryWebsite,
  type BakeryWebsite as Website,
  WidgetSettings,
} from './pages/ask-widget';
import { QuestionPage } from './pages/inbox-page';
import { expectNoAxeViolations } from './support/axe';
import { deskRows, deskValue, ticketHash } from './support/database';
import { questionIdForTicket, waitForDraft } from './support/drafts';
import { expect, signIn, test } from './support/fixtures';

const QUESTION = 'Could you keep two rye loaves for me on Friday afternoon?';

const widgetQuestions = () =>
  deskValue<number>("select count(*) from questions where channel = 'widget'");

test('a customer asks from the Ask us button on the bakery’s allowed website, by keyboard alone, gets the reply live and finds it again after a reload', async ({
  page,
  browser,
  owner,
  staff,
}, testInfo) => {
  const desk = testInfo.project.use.baseURL as string;
  const website = await startBakeryWebsite(desk);
  try {
    await signIn(page, owner);
    await new WidgetSettings(page).allow([website.origin]);

    const customer = await (await browser.newContext()).newPage();
    const site: Website = new BakeryWebsite(customer, website.origin);
    await site.open();
    // Keyboard only: Tab reaches the button, Enter opens the panel with the focus inside it.
    await customer.keyboard.press('Tab');
    await expect(site.button).toBeFocused();
    await customer.keyboard.press('Enter');
    await expect(site.button).toHaveAttribute('aria-expanded', 'true');
    await expect(site.panel.getByLabel('Your name')).toBeFocused();
    await customer.keyboard.type('Ada Widget');
    await customer.keyboard.press('Tab');
    await expect(site.panel.getByLabel('Your question')).toBeFocused();
    await customer.keyboard.type(QUESTION);
    await customer.keyboard.press('Tab');
    await expect(site.panel.getByRole('button', { name: 'Send question' })).toBeFocused();
    await customer.keyboard.press('Enter');
    const ticketPath = await site.ticketPath();
    await expect(site.panel.getByTestId('ticket-question')).toHaveText(QUESTION);
    // Esc inside the panel closes it and gives the focus back to the button.
    await customer.keyboard.press('Escape');
    await expect(site.frame).toBeHidden();
    await expect(site.button).toBeFocused();
    expect(
      await deskValue<string>(
        'select channel from questions where ticket_token = ?',
        ticketHash(ticketPath),
      ),
    ).toBe('widget');

    // Staff answer from the inbox in their own browser; the open panel shows it without a reload.
    await site.openPanel();
    const panelDocument = await site.panelFrame();
    await panelDocument.evaluate(() => {
      (window as unknown as { stillThisPanel: boolean }).stillThisPanel = true;
    });
    await waitForDraft(ticketPath);
    const inbox = await (await browser.newContext({ baseURL: desk })).newPage();
    await signIn(inbox, staff);
    const question = new QuestionPage(inbox);
    await question.open(await questionIdForTicket(ticketPath));
    await expect(inbox.getByText('via web widget')).toBeVisible();
    const reply = (await question.editor.inputValue()).trim();
    await question.send();
    await expect(site.reply(reply)).toBeVisible();
    expect(
      await panelDocument.evaluate(
        () => (window as unknown as { stillThisPanel?: boolean }).stillThisPanel === true,
      ),
    ).toBe(true);
    await inbox.context().close();

    // The browser remembers the conversation: after a reload the panel opens on it.
    await customer.reload();
    await site.openPanel();
    await expect(site.reply(reply)).toBeVisible();
    await expect(site.panel.getByRole('button', { name: 'Start a new question' })).toBeVisible();

    // On a phone the panel fills the screen.
    await customer.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await site.frame.boundingBox())?.width).toBe(390);

    for (const path of ['/widget', ticketPath]) {
      const direct = await (await browser.newContext({ baseURL: desk })).newPage();
      await direct.goto(path);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await direct.setViewportSize(size);
        await expectNoAxeViolations(direct);
      }
      await direct.context().close();
    }
    await customer.context().close();
  } finally {
    await website.close();
  }
});

test('a website the bakery did not allow gets no panel, and no question is stored', async ({
  browser,
}, testInfo) => {
  const desk = testInfo.project.use.baseURL as string;
  const website = await startBakeryWebsite(desk);
  try {
    const before = await widgetQuestions();
    const customer = await (await browser.newContext()).newPage();
    const site = new BakeryWebsite(customer, website.origin);
    await site.open();
    const refused = customer.waitForResponse(
      (response) => new URL(response.url()).pathname === '/widget',
    );
    await site.openPanel();
    const panel = await refused;
    expect(await panel.headerValue('content-security-policy')).not.toContain(website.origin);
    // The browser refuses to show the desk's page there: the frame holds none of it.
    await expect.poll(async () => (await site.panelFrame()).url()).not.toMatch(/\/widget$/);
    await expect(site.panel.getByRole('button', { name: 'Send question' })).toHaveCount(0);
    expect(await widgetQuestions()).toBe(before);
    await customer.context().close();
  } finally {
    await website.close();
  }
});

test('only the allowed websites may frame the panel, every other page stays unframeable, and the loader is small plain JavaScript', async ({
  request,
}) => {
  const allow = (origins: string[]) =>
    deskRows('update bakery set widget_origins = ?', JSON.stringify(origins));
  const headersOf = async (path: string) => (await request.get(path)).headers();
  try {
    await allow([]);
    expect((await headersOf('/widget'))['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
    await allow(['https://juniper.example']);
    for (const path of ['/widget', '/widget/t/no-such-ticket-token-000000000000']) {
      const headers = await headersOf(path);
      expect(headers['content-security-policy'], path).toMatch(
        /frame-ancestors 'self' https:\/\/juniper\.example(;|$)/,
      );
      expect(headers['x-frame-options'], path).toBeUndefined();
    }
    for (const path of ['/', '/ask', '/widget.js', '/widgets']) {
      const headers = await headersOf(path);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  } finally {
    await allow([]);
  }

  const loader = await request.get('/widget.js');
  expect(loader.status()).toBe(200);
  expect(loader.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(loader.headers()['cache-control']).toBe('public, max-age=3600');
  expect(gzipSync(await loader.body()).byteLength).toBeLessThan(5 * 1024);
});
