// @module-tag postgres: connections the owner makes in Settings, their secrets sealed, audited.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import {
  getConnection,
  readConnectionSecret,
  removeConnection,
  saveConnection,
} from '@/db/connections';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { resetEnvForTests } from '@/lib/env';
import { deskSecretKey } from '@/server/secrets/desk-secret';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const apiKey = 'sk-test-rye-sourdough-4821-wxyz';
const settings = { provider: 'openai', model: 'gpt-4.1', baseUrl: 'http://127.0.0.1:9/v1' };
const now = new Date('2026-12-01T10:00:00Z');

describe('connections on a real database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let keyDir: string;
  let userId: number;
  const savedEnv = { path: process.env.DATABASE_PATH, secret: process.env.DESK_SECRET };

  beforeEach(async () => {
    temp = await useTempDatabase();
    // The key file lives beside DATABASE_PATH, on PostgreSQL too: a folder of this test's own.
    keyDir = mkdtempSync(join(tmpdir(), 'desk-secret-test-'));
    process.env.DATABASE_PATH = join(keyDir, 'desk.db');
    delete process.env.DESK_SECRET;
    resetEnvForTests();
    const made = await createUser({
      email: 'olive@connections.test',
      name: 'Olive',
      role: 'owner',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now,
    });
    if (!made.ok) throw new Error(made.reason);
    userId = made.user.id;
  });
  afterEach(async () => {
    await temp.cleanup();
    rmSync(keyDir, { recursive: true, force: true });
    process.env.DATABASE_PATH = savedEnv.path;
    if (savedEnv.secret === undefined) delete process.env.DESK_SECRET;
    else process.env.DESK_SECRET = savedEnv.secret;
    resetEnvForTests();
  });

  async function auditText(): Promise<string> {
    const rows = await sqlRows<{ before: string | null; after: string | null }>(
      'select before, after from audit_log',
    );
    return rows.map((r) => `${r.before ?? ''} ${r.after ?? ''}`).join('\n');
  }

  it('stores the secret only sealed, with its ending, and opens it again', async () => {
    await saveConnection({ name: 'model', settings, secret: apiKey, userId, now });
    const row = await getConnection({ name: 'model' });
    expect(row).toMatchObject({ name: 'model', settings, secretEnding: 'wxyz', updatedBy: userId });
    expect(row?.updatedAt).toEqual(now);
    expect(row?.sealedSecret).toMatch(/^v1\./);
    expect(row?.sealedSecret).not.toContain(apiKey);
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'set', value: apiKey });
    const stored = await sqlRows<Record<string, unknown>>('select * from connections');
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    // Made on first use, beside the database, its owner's alone.
    const file = join(keyDir, 'desk-secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps, replaces and removes the secret as asked, and audits only what may be shown', async () => {
    await saveConnection({ name: 'model', settings, secret: apiKey, userId, now });
    const sealedFirst = (await getConnection({ name: 'model' }))?.sealedSecret;

    await saveConnection({
      name: 'model',
      settings: { ...settings, model: 'gpt-4.1-mini' },
      secret: undefined,
      userId,
      now,
    });
    expect(await getConnection({ name: 'model' })).toMatchObject({
      settings: { ...settings, model: 'gpt-4.1-mini' },
      sealedSecret: sealedFirst,
      secretEnding: 'wxyz',
    });

    const replacement = 'sk-test-second-key-abcd';
    await saveConnection({ name: 'model', settings, secret: replacement, userId, now });
    expect(await readConnectionSecret({ name: 'model' })).toEqual({
      state: 'set',
      value: replacement,
    });
    expect((await getConnection({ name: 'model' }))?.secretEnding).toBe('abcd');

    await saveConnection({ name: 'model', settings, secret: null, userId, now });
    expect(await getConnection({ name: 'model' })).toMatchObject({
      sealedSecret: null,
      secretEnding: null,
    });
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'none' });

    const entries = (await listAuditEntries({ limit: 10 })).filter(
      (e) => e.action === 'connection.update',
    );
    expect(entries.map((e) => JSON.parse(e.after ?? '{}').secret).reverse()).toEqual([
      'set',
      'kept',
      'replaced',
      'removed',
    ]);
    expect(JSON.parse(entries[0]?.before ?? '{}')).toEqual({ ...settings, secret: 'set' });
    expect(entries.every((e) => e.entity === 'connection' && e.entityId === 'model')).toBe(true);
    const text = await auditText();
    for (const secret of [apiKey, replacement, sealedFirst ?? 'x', 'wxyz', 'abcd']) {
      expect(text).not.toContain(secret);
    }
  });

  it('writes nothing for a save that changes nothing', async () => {
    await saveConnection({
      name: 'smtp',
      settings: { host: 'mail.test' },
      secret: 'pw-1234',
      userId,
    });
    const audits = Number(await sqlValue('select count(*) from audit_log'));
    const result = await saveConnection({
      name: 'smtp',
      settings: { host: 'mail.test' },
      secret: undefined,
      userId,
    });
    expect(result).toEqual({ changed: false });
    expect(Number(await sqlValue('select count(*) from audit_log'))).toBe(audits);
  });

  it('removes a connection with its secret, audited without it', async () => {
    await saveConnection({
      name: 'imap',
      settings: { host: 'imap.test' },
      secret: 'pw-9876',
      userId,
      now,
    });
    expect(await removeConnection({ name: 'imap', userId, now })).toEqual({ removed: true });
    expect(await getConnection({ name: 'imap' })).toBeNull();
    expect(await removeConnection({ name: 'imap', userId, now })).toEqual({ removed: false });
    const [entry] = await listAuditEntries({ limit: 1 });
    expect(entry?.action).toBe('connection.remove');
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ host: 'imap.test', secret: 'set' });
    expect(await auditText()).not.toContain('pw-9876');
  });

  it('says a secret sealed under another key is unreadable, never misreads it', async () => {
    await saveConnection({ name: 'model', settings, secret: apiKey, userId });
    expect(await readConnectionSecret({ name: 'model', key: randomBytes(32) })).toEqual({
      state: 'unreadable',
    });
  });

  it('loses its secrets when the key file is removed, and makes a new key for the next', async () => {
    await saveConnection({ name: 'model', settings, secret: apiKey, userId });
    const file = join(keyDir, 'desk-secret.key');
    const before = deskSecretKey();
    rmSync(file);
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'unreadable' });
    expect(existsSync(file)).toBe(true);
    expect(deskSecretKey().equals(before)).toBe(false);
    // Entered again, it is sealed under the new key and opens.
    await saveConnection({ name: 'model', settings, secret: apiKey, userId });
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'set', value: apiKey });
    // A replaced file is noticed too.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'unreadable' });
  });

  it('seals with DESK_SECRET when it is set, and makes no key file', async () => {
    process.env.DESK_SECRET = 'a-long-operator-secret-of-at-least-32-chars';
    resetEnvForTests();
    await saveConnection({ name: 'model', settings, secret: apiKey, userId });
    expect(existsSync(join(keyDir, 'desk-secret.key'))).toBe(false);
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'set', value: apiKey });
    process.env.DESK_SECRET = 'another-operator-secret-of-at-least-32-chars';
    resetEnvForTests();
    expect(await readConnectionSecret({ name: 'model' })).toEqual({ state: 'unreadable' });
  });
});
