// @module-tag postgres: model checks written with their audit row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import { recordModelCheck } from '@/db/model-checks';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

describe('a person’s model check', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('leaves one audit row saying who checked which model, when, and what it answered', async () => {
    const made = await createUser({
      email: 'olive@checks.test',
      name: 'Olive',
      role: 'owner',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: new Date('2026-12-01T09:00:00Z'),
    });
    if (!made.ok) throw new Error(made.reason);
    const before = Number(await sqlValue('select count(*) from audit_log'));
    const now = new Date('2026-12-01T10:00:00Z');
    await recordModelCheck({
      userId: made.user.id,
      now,
      model: 'claude-test',
      ok: false,
      verdict: 'The key was refused.',
    });
    expect(Number(await sqlValue('select count(*) from audit_log'))).toBe(before + 1);
    const [entry] = await listAuditEntries({ limit: 1 });
    expect(entry).toMatchObject({
      userId: made.user.id,
      userName: 'Olive',
      at: now,
      action: 'model.check',
      entity: 'model',
      entityId: 'claude-test',
      before: null,
    });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({
      result: 'failed',
      verdict: 'The key was refused.',
    });
  });
});
