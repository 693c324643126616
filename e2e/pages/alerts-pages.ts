import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { submitAction } from './account-pages';

type Shown = { title: string; body: string };

const RECORD_KEY = 'e2e-notifications';

/**
 * Wraps the browser's Notification in every page of the context so each one the desk makes is
 * recorded (per tab, across its pages) before the real one is shown.
 */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    const Real = window.Notification;
    if (!Real) return;
    const Recording = function (this: unknown, title: string, options?: NotificationOptions) {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as Shown[];
      list.push({ title, body: options?.body ?? '' });
      sessionStorage.setItem(key, JSON.stringify(list));
      return new Real(title, options);
    } as unknown as typeof Notification;
    // Chromium's headless shell says 'denied' here whatever the context was granted, while its
    // Permissions API and requestPermission answer what was granted, as a browser window does:
    // the page is shown the granted state.
    let permission: NotificationPermission = Real.permission;
    void navigator.permissions?.query({ name: 'notifications' }).then((status) => {
      permission = status.state === 'prompt' ? 'default' : status.state;
    });
    Object.defineProperty(Recording, 'permission', { get: () => permission });
    Recording.requestPermission = async () => {
      permission = await Real.requestPermission();
      return permission;
    };
    window.Notification = Recording;
  }, RECORD_KEY);
}

/** The notifications this tab has shown so far. */
export async function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Shown[],
    RECORD_KEY,
  );
}

/** The header's count and the tab's title and icon, on any staff page. */
export class DeskAlertsBar {
  constructor(readonly page: Page) {}

  get count(): Locator {
    return this.page.getByTestId('needs-review-count');
  }

  async currentCount(): Promise<number> {
    await expect(this.count).toBeVisible();
    return Number(await this.count.getAttribute('data-count'));
  }

  async expectTitleCount(count: number) {
    await expect(this.page).toHaveTitle(
      count > 0 ? new RegExp(`^\\(${count}\\) .+ · Bakery Desk$`) : /^[^(].* · Bakery Desk$/,
    );
  }

  async iconHref(): Promise<string> {
    return (await this.page.locator('link[rel~="icon"]').first().getAttribute('href')) ?? '';
  }
}

/** The Alerts section of /account. */
export class AccountAlerts {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/account');
    await expect(this.page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  }

  get notificationsState(): Locator {
    return this.page.getByTestId('notifications-state');
  }

  async turnOnNotifications() {
    await submitAction(this.page, this.page.getByRole('button', { name: 'Turn on notifications' }));
    await expect(this.notificationsState).toContainText('On:');
  }

  get sound(): Locator {
    return this.page.getByLabel('Play a short sound when a question needs review');
  }

  get nextAfterSend(): Locator {
    return this.page.getByLabel('After Send, open the next question needing review');
  }

  async save() {
    await submitAction(this.page, this.page.getByRole('button', { name: 'Save alert choices' }));
    await expect(this.page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  }
}

/** Beside a conversation: the customer's other conversations. */
export class CustomerHistoryPanel {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByTestId('customer-history');
  }

  items(): Locator {
    return this.panel.getByTestId('history-item');
  }
}
