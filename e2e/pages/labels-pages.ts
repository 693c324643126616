import { expect, type Locator, type Page } from '@playwright/test';

/** `/admin/labels`: the owner's labels. */
export class LabelsAdminPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/labels');
    await expect(this.page.getByRole('heading', { name: 'Labels', exact: true })).toBeVisible();
  }

  async add(name: string, colour: string) {
    const form = this.page.getByRole('form', { name: 'New label' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    // A colour input takes its value through fill, as a person's choice in the picker.
    await form.getByLabel('Colour').fill(colour);
    await form.getByRole('button', { name: 'Add label' }).click();
    await expect(
      this.page.getByRole('status').filter({ hasText: `Label “${name}” added.` }),
    ).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId('label-row');
  }
}

/** The inbox list's bulk bar, checkboxes and label filter. */
export class BulkBar {
  constructor(readonly page: Page) {}

  get bar(): Locator {
    return this.page.getByTestId('bulk-bar');
  }

  get count(): Locator {
    return this.page.getByTestId('bulk-count');
  }

  get selectAll(): Locator {
    return this.bar.getByRole('checkbox', { name: 'Select all on this page' });
  }

  rowBoxes(): Locator {
    return this.page.getByTestId('row-select');
  }

  async discard(reason: string) {
    await this.bar.getByRole('button', { name: 'Discard selected…' }).click();
    const dialog = this.page.getByTestId('bulk-discard-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Why discard them?' }).fill(reason);
    await dialog.getByRole('button', { name: /^Discard \d+$/ }).click();
  }

  async label(name: string) {
    await this.bar
      .getByRole('combobox', { name: 'Label to put on the selected questions' })
      .selectOption({ label: name });
    await this.bar.getByRole('button', { name: 'Label selected' }).click();
  }

  get ok(): Locator {
    return this.page.getByTestId('bulk-ok');
  }

  get error(): Locator {
    return this.page.getByTestId('bulk-error');
  }

  filter(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Filter by label' }).getByRole('link', {
      name,
    });
  }
}

/** The Undo bar every staff page shows while one of the person's replies is held. */
export class UndoBar {
  constructor(readonly page: Page) {}

  get held(): Locator {
    return this.page.getByTestId('undo-send-held');
  }

  get countdown(): Locator {
    return this.page.getByTestId('undo-send-countdown');
  }

  get undoButton(): Locator {
    return this.held.getByRole('button', { name: 'Undo' });
  }

  get ok(): Locator {
    return this.page.getByTestId('undo-send-ok');
  }
}
