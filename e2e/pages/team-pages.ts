import { expect, type Locator, type Page } from '@playwright/test';

/** A question page's "who is on this question": colleagues' presence, the assignee, assigning. */
export class QuestionTeamPanel {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Who is on this question' });
  }

  /** "Sam Staff is viewing." / "Sam Staff is writing a reply." / empty. */
  get presence(): Locator {
    return this.page.getByTestId('question-presence');
  }

  get assignee(): Locator {
    return this.page.getByTestId('question-assignee');
  }

  get result(): Locator {
    return this.page.getByTestId('assign-result');
  }

  async assignToMe() {
    await this.region.getByRole('button', { name: 'Assign to me' }).click();
    await expect(this.assignee).toHaveText('Assigned to you');
  }

  async assignTo(name: string) {
    await this.region.getByLabel('Assign to').selectOption({ label: name });
    await this.region.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(this.assignee).toHaveText(`Assigned to ${name}`);
  }

  async unassign() {
    await this.region.getByRole('button', { name: 'Unassign' }).click();
    await expect(this.assignee).toHaveText('Not assigned to anyone');
  }
}

/** The inbox's Everyone's / Mine / Unassigned views and what a row says of who is on it. */
export class InboxTeamView {
  constructor(readonly page: Page) {}

  view(name: 'all' | 'mine' | 'unassigned'): Locator {
    return this.page.getByTestId(`view-${name}`);
  }

  rowFor(questionId: number): Locator {
    return this.page.locator(`[data-testid="inbox-row"][data-question-id="${questionId}"]`);
  }

  presenceOf(questionId: number): Locator {
    return this.rowFor(questionId).getByTestId('row-presence');
  }

  assigneeOf(questionId: number): Locator {
    return this.rowFor(questionId).getByTestId('row-assignee');
  }
}
