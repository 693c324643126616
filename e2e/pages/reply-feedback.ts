import { expect, type Locator, type Page } from '@playwright/test';

/**
 * "Did this answer your question?" under one reply the bakery sent: on the ticket page (inside
 * the reply) and on an email link's confirmation page.
 */
export class ReplyFeedbackForm {
  readonly form: Locator;

  constructor(scope: Page | Locator) {
    this.form = scope.getByRole('form', { name: 'Your answer about this reply' });
  }

  /** Chooses Yes or No, writes the comment (when given) and sends; waits for the thanks. */
  async answer(answer: 'Yes' | 'No', comment?: string) {
    await this.form.getByRole('radio', { name: answer, exact: true }).check();
    if (comment !== undefined) {
      await this.form.getByRole('textbox', { name: 'Anything to add? (optional)' }).fill(comment);
    }
    await this.form.getByRole('button', { name: /my answer/ }).click();
    await expect(this.form.getByRole('status')).toContainText('Thank you');
  }

  radio(answer: 'Yes' | 'No'): Locator {
    return this.form.getByRole('radio', { name: answer, exact: true });
  }

  /** "You answered …", once an answer is kept. */
  given(): Locator {
    return this.form.getByTestId('feedback-given');
  }
}
