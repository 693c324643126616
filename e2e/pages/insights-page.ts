import { expect, type Locator, type Page } from '@playwright/test';

export type TableText = { head: string[]; body: string[][]; foot: string[] };

/**
 * The owner's dashboard (/admin/insights) and a person's own figures (/inbox/stats): the
 * range form, and each figure's section with its chart and table.
 */
export class InsightsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly path: '/admin/insights' | '/inbox/stats' = '/admin/insights',
  ) {}

  async goto(query = '') {
    await this.page.goto(`${this.baseUrl}${this.path}${query ? `?${query}` : ''}`);
    await expect(this.page.getByTestId('range-form')).toBeVisible();
  }

  /** Chooses a custom range with the form, as a person would. */
  async chooseDays(from: string, to: string) {
    const form = this.page.getByTestId('range-form');
    await form.getByLabel('Range', { exact: true }).selectOption('custom');
    await form.getByLabel('From', { exact: true }).fill(from);
    await form.getByLabel('To', { exact: true }).fill(to);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(this.page.getByTestId('range-shown')).toHaveText(
      `${from} to ${to}, in the bakery’s timezone.`,
    );
  }

  figure(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** The chart of a figure: its SVG, which names itself as an image. */
  chart(id: string): Locator {
    return this.figure(id).getByRole('img');
  }

  async table(id: string): Promise<TableText> {
    const table = this.figure(id).getByTestId('figure-table');
    await expect(table).toBeVisible();
    const cells = (row: Locator) =>
      row
        .locator('th, td')
        .evaluateAll((all) => all.map((cell) => (cell.textContent ?? '').trim()));
    const head = await cells(table.locator('thead tr'));
    const body: string[][] = [];
    for (const row of await table.locator('tbody tr').all()) body.push(await cells(row));
    const foot =
      (await table.locator('tfoot tr').count()) > 0 ? await cells(table.locator('tfoot tr')) : [];
    return { head, body, foot };
  }

  /** What customers wrote with their answers, as the list under "Did our answers help?" shows it. */
  async feedbackComments(): Promise<
    { text: string; answer: string; date: string; href: string | null }[]
  > {
    const items = this.figure('feedback-comments').getByTestId('feedback-comment');
    await expect(items.first()).toBeVisible();
    const comments = [];
    for (const item of await items.all()) {
      const meta = item.locator('p').nth(1);
      comments.push({
        text: (await item.locator('p').first().textContent()) ?? '',
        answer: (await item.getByTestId('feedback-answer').textContent()) ?? '',
        date: ((await meta.textContent()) ?? '').split(' · ')[1] ?? '',
        href: await item.getByRole('link').getAttribute('href'),
      });
    }
    return comments;
  }

  /** The comment under "What customers wrote" that links to this conversation. */
  commentAbout(questionId: number): Locator {
    return this.figure('feedback-comments')
      .getByTestId('feedback-comment')
      .filter({ has: this.page.locator(`a[href="/inbox/${questionId}"]`) });
  }

  empty(id: string): Locator {
    return this.figure(id).getByTestId('empty');
  }
}
