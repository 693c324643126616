import { createServer, type Server } from 'node:http';
import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { freePort } from '../support/ports';
import { submitAction } from './account-pages';

/**
 * A bakery's own website on a port of its own on 127.0.0.1 (so another origin than the desk):
 * one page that includes the desk's loader, as the owner is told to.
 */
export async function startBakeryWebsite(
  desk: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Juniper Street Bakery</title></head>
<body><main><h1>Juniper Street Bakery</h1><p>Sourdough, rye and pastries since 1998.</p></main>
<script src="${desk}/widget.js" async></script></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Settings → "Ask us button on your website": the websites allowed to show it. */
export class WidgetSettings {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Ask us button on your website' });
  }

  async allow(origins: string[]) {
    await this.page.goto('/admin/settings');
    await this.form.getByLabel('Your websites').fill(origins.join('\n'));
    await submitAction(this.page, this.form.getByRole('button', { name: 'Save websites' }));
    await expect(this.form.getByRole('status')).toHaveText(/^Saved\. The Ask us button works on/);
  }
}

/** The bakery's website as a customer sees it: the Ask us button and the desk's panel. */
export class BakeryWebsite {
  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  async open() {
    await this.page.goto(this.origin);
    await expect(this.button).toBeVisible();
  }

  get button(): Locator {
    return this.page.getByRole('button', { name: 'Ask us' });
  }

  get frame(): Locator {
    return this.page.locator('iframe[title="Ask us"]');
  }

  get panel(): FrameLocator {
    return this.page.frameLocator('iframe[title="Ask us"]');
  }

  /** The panel's document, once the iframe has one. */
  async panelFrame(): Promise<Frame> {
    const frame = await (await this.frame.elementHandle())?.contentFrame();
    if (!frame) throw new Error('The Ask us panel has no document.');
    return frame;
  }

  async openPanel() {
    await this.button.click();
    await expect(this.frame).toBeVisible();
  }

  /** The conversation's path in the panel (`/widget/t/<token>`). */
  async ticketPath(): Promise<string> {
    await expect(this.panel.getByRole('heading', { name: 'Your question' })).toBeVisible();
    return new URL((await this.panelFrame()).url()).pathname;
  }

  reply(text: string): Locator {
    return this.panel.getByTestId('ticket-reply').filter({ hasText: text });
  }
}
