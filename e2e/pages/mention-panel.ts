import type { Locator, Page } from '@playwright/test';

/**
 * On `/inbox/<id>`, a conversation whose email named another conversation from another address:
 * the note with its link, and the merge with its choice of where replies go.
 */
export class MentionPanel {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.getByTestId('mention-note');
  }

  get heading(): Locator {
    return this.section.getByRole('heading');
  }

  /** The link to the conversation the email named. */
  get link(): Locator {
    return this.section.getByTestId('mention-link');
  }

  get form(): Locator {
    return this.section.getByRole('form', { name: /^Merge into conversation #\d+$/ });
  }

  /** A choice of where replies go after the merge, by the address it names. */
  repliesTo(address: string): Locator {
    return this.form.getByRole('radio', { name: new RegExp(address.replace(/[.]/g, '\\.')) });
  }

  get mergeButton(): Locator {
    return this.form.getByRole('button', { name: /^Merge into conversation #\d+$/ });
  }

  /** What the merge said, where the person clicked. */
  get result(): Locator {
    return this.section.getByTestId('merge-result');
  }
}
