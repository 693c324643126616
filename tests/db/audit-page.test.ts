// @module-tag postgres: the audit log's filtered, keyset-paged query on either engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditPage, listAuditPeople, writeAudit } from '@/db/audit';
import { getDb } from '@/db/client';
import { createUser, removeStaffUser } from '@/db/users';
import { parseAuditFilter } from '@/lib/audit/filter';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const zone = 'America/Chicago';
const minutes = (n: number) => new Date(Date.UTC(2026, 11, 1, 12, 0) + n * 60_000);

async function person(name: string, role: 'owner' | 'staff' = 'staff'): Promise<number> {
  const made = await createUser({
    email: `${name.toLowerCase()}@audit.test`,
    name,
    role,
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now: minutes(-10),
  });
  if (!made.ok) throw new Error(made.reason);
  return made.user.id;
}

/** The page a query string asks for, as the audit page reads it. */
async function pageFor(search: Record<string, string>, limit = 200) {
  const filter = parseAuditFilter(search, zone);
  if (!filter.ok) throw new Error(JSON.stringify(filter.errors));
  return listAuditPage({ query: filter.query, limit });
}

const ids = (page: { entries: { entityId: string | null }[] }) =>
  page.entries.map((entry) => entry.entityId);

describe('the audit page’s query', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let ana: number;
  let ben: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun('delete from audit_log');
    ana = await person('Ana', 'owner');
    ben = await person('Ben');
    await sqlRun('delete from audit_log');
    const db = await getDb();
    // Ten entries a minute apart (e0 oldest), alternating people and kinds; e4 and e5 share a
    // moment, as the rows of one transaction do, and e9 was written with nobody signed in.
    for (let i = 0; i < 10; i++) {
      await writeAudit(db, {
        userId: i === 9 ? null : i % 2 === 0 ? ana : ben,
        at: i === 5 ? minutes(4) : minutes(i),
        action: i % 2 === 0 ? 'menu.update' : 'hours.update',
        entity: 'test',
        entityId: `e${i}`,
      });
    }
  });
  afterEach(() => temp.cleanup());

  it('lists everything newest first, ties in the order they were written', async () => {
    const page = await pageFor({});
    expect(ids(page)).toEqual(['e9', 'e8', 'e7', 'e6', 'e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
    expect(page).toMatchObject({ hasOlder: false, hasNewer: false });
    expect(page.entries[1]?.userName).toBe('Ana');
  });

  it('narrows to a person, to nobody signed in, to a kind and to the bakery’s days', async () => {
    expect(ids(await pageFor({ person: String(ben) }))).toEqual(['e7', 'e5', 'e3', 'e1']);
    expect(ids(await pageFor({ person: 'nobody' }))).toEqual(['e9']);
    expect(ids(await pageFor({ kind: 'menu' }))).toEqual(['e8', 'e6', 'e4', 'e2', 'e0']);
    expect(ids(await pageFor({ kind: 'staff' }))).toEqual([]);
    expect(ids(await pageFor({ person: String(ana), kind: 'hours' }))).toEqual([]);
    // Noon UTC on 1 December is 6 am in Chicago: the bakery's 1 December holds them all, its
    // 30 November and 2 December none.
    expect(ids(await pageFor({ from: '2026-12-01', to: '2026-12-01' }))).toHaveLength(10);
    expect(ids(await pageFor({ to: '2026-11-30' }))).toEqual([]);
    expect(ids(await pageFor({ from: '2026-12-02' }))).toEqual([]);
  });

  it('pages older and newer by the place in the list, across a tie, with the filter kept', async () => {
    const first = await pageFor({}, 4);
    expect(ids(first)).toEqual(['e9', 'e8', 'e7', 'e6']);
    expect(first).toMatchObject({ hasOlder: true, hasNewer: false });
    const cursor = (entry: { at: Date; id: number } | undefined) =>
      entry ? `${entry.at.getTime()}_${entry.id}` : '';

    const second = await pageFor({ older: cursor(first.entries.at(-1)) }, 4);
    expect(ids(second)).toEqual(['e5', 'e4', 'e3', 'e2']);
    expect(second).toMatchObject({ hasOlder: true, hasNewer: true });
    const third = await pageFor({ older: cursor(second.entries.at(-1)) }, 4);
    expect(ids(third)).toEqual(['e1', 'e0']);
    expect(third).toMatchObject({ hasOlder: false, hasNewer: true });

    // Back again: the four just newer than e1, still newest first.
    const back = await pageFor({ newer: cursor(third.entries[0]) }, 4);
    expect(ids(back)).toEqual(['e5', 'e4', 'e3', 'e2']);
    expect(back).toMatchObject({ hasOlder: true, hasNewer: true });
    const top = await pageFor({ newer: cursor(back.entries[0]) }, 4);
    expect(ids(top)).toEqual(['e9', 'e8', 'e7', 'e6']);
    expect(top).toMatchObject({ hasOlder: true, hasNewer: false });

    const menu = await pageFor({ kind: 'menu', older: cursor(second.entries[0]) }, 2);
    expect(ids(menu)).toEqual(['e4', 'e2']);
  });

  it('offers everyone who may appear, removed people too', async () => {
    await removeStaffUser({ userId: ben, removedBy: ana, now: minutes(20) });
    const people = await listAuditPeople();
    expect(people.filter((p) => p.id === ana || p.id === ben)).toEqual([
      { id: ana, name: 'Ana', removed: false },
      { id: ben, name: 'Ben', removed: true },
    ]);
  });
});
