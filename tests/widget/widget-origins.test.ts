// @module-tag postgres: the owner's list of websites, kept as JSON and audited.
import { beforeEach, describe, expect, it } from 'vitest';
import { getWidgetOrigins, saveWidgetOrigins } from '@/db/widget-origins';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

describe('the websites allowed to show the Ask us panel', () => {
  beforeEach(async () => {
    await useTempDatabase();
  });

  it('starts empty, keeps a saved list and audits each change once', async () => {
    expect(await getWidgetOrigins()).toEqual([]);
    const now = new Date('2026-03-02T09:00:00Z');
    const origins = ['https://juniper.example', 'http://127.0.0.1:4000'];
    expect(await saveWidgetOrigins({ origins, by: null, now })).toEqual({ changed: true });
    expect(await getWidgetOrigins()).toEqual(origins);
    expect(await saveWidgetOrigins({ origins, by: null, now })).toEqual({ changed: false });
    expect(await saveWidgetOrigins({ origins: [], by: null, now })).toEqual({ changed: true });
    expect(await getWidgetOrigins()).toEqual([]);
    const audit = await sqlRows<{ before: string; after: string }>(
      "select before, after from audit_log where action = 'settings.widgetOrigins' order by id",
    );
    expect(audit.map((row) => JSON.parse(row.after))).toEqual([
      { widgetOrigins: origins },
      { widgetOrigins: [] },
    ]);
  });
});
