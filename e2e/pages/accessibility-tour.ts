import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/**
 * A walk through the desk's pages for the accessibility gate: each page, and each state of it
 * (empty, with data, mistakes shown, a dialog open), is checked by axe at a desktop's size and a
 * phone's, under a step named after it so a failure says where.
 */
export class AccessibilityTour {
  constructor(readonly page: Page) {}

  /** Opens the page and waits for its first heading; `status` when it is not 200. */
  async visit(path: string, { status = 200 }: { status?: number } = {}) {
    await this.page.setViewportSize(desktop);
    const response = await this.page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(this.page.locator('h1').first()).toBeVisible();
  }

  /** axe at both sizes, ending at the desktop's. */
  async check(state: string) {
    await expectAccessibleAtBothSizes(this.page, state);
  }

  /** Visits and checks in one go. */
  async visitAndCheck(path: string, options: { status?: number } = {}) {
    await this.visit(path, options);
    await this.check(path);
  }

  /**
   * Sends the form with nothing filled in, past the browser's own checks, so its mistakes show
   * beside their fields (the form's own check, or the server's).
   */
  async submitEmpty(buttonName: string) {
    const button = this.page.getByRole('button', { name: buttonName, exact: true });
    await expect(button).toBeEnabled();
    await button.locator('xpath=ancestor::form').evaluate((element) => {
      (element as HTMLFormElement).noValidate = true;
    });
    await button.click();
    await expect(this.page.locator('[aria-invalid="true"]').first()).toBeVisible();
  }

  /** The page's form sent empty, checked with its mistakes shown. */
  async checkMistakes(buttonName: string) {
    await this.submitEmpty(buttonName);
    await this.check(`${new URL(this.page.url()).pathname} with its mistakes shown`);
  }

  /** Opens a dialog with its button, checks it at both sizes, and closes it with Escape. */
  async checkDialog(button: Locator, name: string | RegExp) {
    await button.click();
    const dialog = this.page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await this.check(`dialog ${name}`);
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

/** axe over the page at a phone's size and a desktop's, leaving it at the desktop's. */
export async function expectAccessibleAtBothSizes(page: Page, state = 'the page'): Promise<void> {
  for (const [size, label] of [
    [phone, 'phone'],
    [desktop, 'desktop'],
  ] as const) {
    await test.step(`axe: ${state} at ${label} size`, async () => {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    });
  }
}
