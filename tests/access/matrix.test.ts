import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { isGuardedAction } from '@/server/action';
import { callAction, request, signInAs } from '../support/next-request';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';
import { startCountingWrites } from '../support/write-count';
import {
  enumerateActions,
  enumeratePages,
  enumerateRoutes,
  filesWithInlineServerActions,
} from './enumerate';
import { type Access, actions, type Caller, pages, routes } from './matrix';

/**
 * Server actions are called as functions here, with Next's request APIs stubbed but the
 * session lookup real: the cookie's token is hashed and found in a temporary SQLite file, just
 * as in production. Pages and routes are checked over HTTP in e2e/access-matrix.spec.ts.
 */
vi.mock('next/headers', async () =>
  (await import('../support/next-request')).nextHeaders('192.0.2.44'),
);
vi.mock('next/navigation', async () => (await import('../support/next-request')).nextNavigation);
vi.mock('next/cache', async () => (await import('../support/next-request')).nextCache);

describe('the access matrix covers the whole app', () => {
  const cases: [string, string[], Record<string, { access: Access; why?: string }>][] = [
    ['page', enumeratePages(), pages],
    ['server action', enumerateActions(), actions],
    ['route handler', enumerateRoutes(), routes],
  ];

  for (const [kind, found, table] of cases) {
    it(`lists every ${kind}, and nothing that is gone`, () => {
      expect(found.length).toBeGreaterThan(0);
      const missing = found.filter((name) => !(name in table));
      expect(missing, `${kind}s without a row in tests/access/matrix.ts`).toEqual([]);
      const stale = Object.keys(table).filter((name) => !found.includes(name));
      expect(stale, `rows in tests/access/matrix.ts for ${kind}s that do not exist`).toEqual([]);
    });

    it(`says why each public ${kind} is public`, () => {
      const unexplained = Object.entries(table)
        .filter(([, row]) => row.access === 'public' && !row.why)
        .map(([name]) => name);
      expect(unexplained).toEqual([]);
    });
  }

  it('finds no inline server actions, which it could not check', () => {
    expect(filesWithInlineServerActions()).toEqual([]);
  });

  it('finds every server action written with action(), which checks the caller first', async () => {
    const unguarded: string[] = [];
    for (const key of enumerateActions()) {
      const [file, name] = key.split('#') as [string, string];
      const module = (await import(`../../${file}`)) as Record<string, unknown>;
      if (!isGuardedAction(module[name])) unguarded.push(key);
    }
    expect(unguarded, 'exports of a "use server" file not made by action()').toEqual([]);
  });
});

describe('every server action checks its caller', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  // `temporary` is staff signed in with a temporary password an owner handed out.
  type Signed = Exclude<Caller, 'anonymous'> | 'temporary';
  const userIds: Record<Signed, number> = { owner: 0, staff: 0, temporary: 0 };
  let writes: () => Promise<number> = async () => Number.NaN;

  beforeAll(async () => {
    temp = await useTempDatabase();
    const now = new Date();
    for (const caller of ['owner', 'staff', 'temporary'] as const) {
      const created = await createUser({
        email: `${caller}@matrix.test`,
        name: caller,
        role: caller === 'owner' ? 'owner' : 'staff',
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now,
        mustChangePassword: caller === 'temporary',
      });
      if (!created.ok) throw new Error('could not create the test users');
      userIds[caller] = created.user.id;
    }
    writes = await startCountingWrites();
  });
  afterAll(() => temp.cleanup());

  // A refusal writes one thing: the access-denied event in the audit log (signed-in callers).
  const denials = async () =>
    Number(await sqlValue("select count(*) as n from audit_log where action = 'access.denied'"));

  async function callAs(
    caller: Caller | 'temporary',
    key: string,
  ): Promise<{ result: unknown; wrote: number; logged: number }> {
    request.cookies.clear();
    // A fresh session per call: signing out revokes the one it is given.
    if (caller !== 'anonymous') await signInAs(userIds[caller]);
    const [file, name] = key.split('#') as [string, string];
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    const action = module[name];
    if (typeof action !== 'function') throw new Error(`${key} is not a function`);
    const before = await writes();
    const deniedBefore = await denials();
    // (previous state, form data): the shape every form action here takes.
    const result = await callAction(
      action as (previous: unknown, data: FormData) => Promise<unknown>,
      new FormData(),
    );
    const logged = (await denials()) - deniedBefore;
    return { result, wrote: (await writes()) - before - logged, logged };
  }

  const denied = (status: 401 | 403) => expect.objectContaining({ ok: false, status });

  function expected(access: Access, caller: Caller): 401 | 403 | 'allowed' {
    if (access === 'public') return 'allowed';
    if (caller === 'anonymous') return 401;
    if (access === 'owner' && caller === 'staff') return 403;
    return 'allowed';
  }

  for (const [key, row] of Object.entries(actions)) {
    for (const caller of ['anonymous', 'staff', 'owner'] as const) {
      const outcome = expected(row.access, caller);
      it(`${key} as ${caller}: ${outcome === 'allowed' ? 'gets past the check' : outcome}`, async () => {
        const { result, wrote, logged } = await callAs(caller, key);
        if (outcome === 'allowed') {
          expect(result).not.toEqual(denied(401));
          expect(result).not.toEqual(denied(403));
        } else {
          expect(result).toEqual(denied(outcome));
          expect(wrote, 'a refused call must write nothing').toBe(0);
          expect(logged, 'a signed-in caller refused is in the audit log').toBe(
            outcome === 403 ? 1 : 0,
          );
        }
      });
    }
  }

  // Until they choose their own password, a person with a temporary one may only do that.
  for (const [key, row] of Object.entries(actions)) {
    if (row.access === 'public') continue;
    const allowed = row.temporaryPassword === 'allowed';
    it(`${key} with a temporary password: ${allowed ? 'gets past the check' : 403}`, async () => {
      const { result, wrote } = await callAs('temporary', key);
      if (allowed) {
        expect(result).not.toEqual(denied(401));
        expect(result).not.toEqual(denied(403));
      } else {
        // Staff's own actions say why; owner actions are refused for the role first.
        expect(result).toEqual(
          row.access === 'staff'
            ? { ok: false, status: 403, message: expect.stringMatching(/password/) }
            : denied(403),
        );
        expect(wrote, 'a refused call must write nothing').toBe(0);
      }
    });
  }
});

describe('snippets: staff keep their own, the owner defines the shared ones', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const ids = { owner: 0, ana: 0, ben: 0 };
  let writes: () => Promise<number> = async () => Number.NaN;

  beforeAll(async () => {
    temp = await useTempDatabase();
    for (const [who, role] of [
      ['owner', 'owner'],
      ['ana', 'staff'],
      ['ben', 'staff'],
    ] as const) {
      const created = await createUser({
        email: `${who}@snippets.test`,
        name: who,
        role,
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now: new Date(),
      });
      if (!created.ok) throw new Error('could not create the test users');
      ids[who] = created.user.id;
    }
    writes = await startCountingWrites();
  });
  afterAll(() => temp.cleanup());

  async function as(who: keyof typeof ids, name: string, fields: Record<string, string>) {
    request.cookies.clear();
    await signInAs(ids[who]);
    const module = (await import('@/app/inbox/snippets/actions')) as unknown as Record<
      string,
      (previous: unknown, data: FormData) => Promise<unknown>
    >;
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    const before = await writes();
    const action = module[name];
    if (!action) throw new Error(`no action ${name}`);
    const result = await callAction(action, data);
    return { result, wrote: (await writes()) - before };
  }
  const snippetRow = async (title: string) =>
    (
      await sqlRows('select id, title, text, owner_id, shared from snippets where title = ?', title)
    )[0] as { id: number; text: string; shared: unknown } | undefined;
  const refusedWith = (message: RegExp) =>
    expect.objectContaining({ ok: false, status: 403, message: expect.stringMatching(message) });

  it('a colleague cannot change or remove another person’s personal snippet, nor can the owner', async () => {
    expect(
      (await as('ana', 'createSnippetAction', { title: 'Ana hello', text: 'Hi there' })).result,
    ).toMatchObject({ ok: true });
    const mine = await snippetRow('Ana hello');
    if (!mine) throw new Error('not stored');
    for (const who of ['ben', 'owner'] as const) {
      const edit = await as(who, 'updateSnippetAction', {
        id: String(mine.id),
        title: 'Ana hello',
        text: 'Changed by someone else',
      });
      expect(edit.result).toEqual(refusedWith(/colleague’s own snippet/));
      expect(edit.wrote, 'a refused edit writes nothing').toBe(0);
      const removal = await as(who, 'deleteSnippetAction', { id: String(mine.id) });
      expect(removal.result).toEqual(refusedWith(/colleague’s own snippet/));
      expect(removal.wrote).toBe(0);
    }
    expect((await snippetRow('Ana hello'))?.text).toBe('Hi there');
    // Its keeper may.
    expect(
      (
        await as('ana', 'updateSnippetAction', {
          id: String(mine.id),
          title: 'Ana hello',
          text: 'Hello!',
        })
      ).result,
    ).toMatchObject({ ok: true });
    expect((await snippetRow('Ana hello'))?.text).toBe('Hello!');
  });

  it('only the owner makes a snippet shared, and changes or removes a shared one', async () => {
    const staffShares = await as('ana', 'createSnippetAction', {
      title: 'Everyone’s',
      text: 'For all',
      shared: 'on',
    });
    expect(staffShares.result).toEqual(refusedWith(/owner’s to write/));
    expect(staffShares.wrote).toBe(0);
    expect(await snippetRow('Everyone’s')).toBeUndefined();

    const own = await snippetRow('Ana hello');
    const shareOwn = await as('ana', 'updateSnippetAction', {
      id: String(own?.id),
      title: 'Ana hello',
      text: 'Hello!',
      shared: 'on',
    });
    expect(shareOwn.result).toEqual(refusedWith(/owner’s to write/));
    expect(shareOwn.wrote).toBe(0);

    expect(
      (
        await as('owner', 'createSnippetAction', {
          title: 'Hours',
          text: 'We open at 7.',
          shared: 'on',
        })
      ).result,
    ).toMatchObject({ ok: true });
    const shared = await snippetRow('Hours');
    if (!shared) throw new Error('not stored');
    for (const who of ['ana', 'ben'] as const) {
      const edit = await as(who, 'updateSnippetAction', {
        id: String(shared.id),
        title: 'Hours',
        text: 'We never open.',
        shared: 'on',
      });
      expect(edit.result).toEqual(refusedWith(/owner’s to write/));
      expect(edit.wrote).toBe(0);
      const unshare = await as(who, 'updateSnippetAction', {
        id: String(shared.id),
        title: 'Hours',
        text: 'Mine now.',
      });
      expect(unshare.result).toEqual(refusedWith(/owner’s to write/));
      const removal = await as(who, 'deleteSnippetAction', { id: String(shared.id) });
      expect(removal.result).toEqual(refusedWith(/owner’s to write/));
      expect(removal.wrote).toBe(0);
    }
    expect((await snippetRow('Hours'))?.text).toBe('We open at 7.');
    expect(
      (
        await as('owner', 'updateSnippetAction', {
          id: String(shared.id),
          title: 'Hours',
          text: 'We open at 6.',
          shared: 'on',
        })
      ).result,
    ).toMatchObject({ ok: true });
    expect((await snippetRow('Hours'))?.text).toBe('We open at 6.');
  });
});

describe('assignment: any staff member assigns, the owner alone sets assign on open', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const ids = { owner: 0, ana: 0, ben: 0 };
  let question = 0;
  let writes: () => Promise<number> = async () => Number.NaN;

  beforeAll(async () => {
    temp = await useTempDatabase();
    for (const [who, role] of [
      ['owner', 'owner'],
      ['ana', 'staff'],
      ['ben', 'staff'],
    ] as const) {
      const created = await createUser({
        email: `${who}@assign.test`,
        name: who,
        role,
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now: new Date(),
      });
      if (!created.ok) throw new Error('could not create the test users');
      ids[who] = created.user.id;
    }
    question = Number(await sqlValue('select min(id) from questions'));
    writes = await startCountingWrites();
  });
  afterAll(() => temp.cleanup());

  async function as(
    who: keyof typeof ids,
    file: 'assign' | 'setting',
    fields: Record<string, string>,
  ) {
    request.cookies.clear();
    await signInAs(ids[who]);
    const action =
      file === 'assign'
        ? (await import('@/app/inbox/[id]/assign-actions')).assignAction
        : (await import('@/app/admin/settings/assign-on-open-actions')).saveAssignOnOpen;
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    const before = await writes();
    const result = await callAction(
      action as (previous: unknown, data: FormData) => Promise<unknown>,
      data,
    );
    return { result, wrote: (await writes()) - before };
  }
  const assignee = async () =>
    sqlValue<number | null>('select assignee_id from questions where id = ?', question);

  it('staff hand a question to a colleague; an assignment over one they did not see writes nothing', async () => {
    const handed = await as('ana', 'assign', {
      questionId: String(question),
      assignee: String(ids.ben),
      expected: 'nobody',
    });
    expect(handed.result).toEqual({ ok: true, message: 'Assigned to ben.' });
    expect(Number(await assignee())).toBe(ids.ben);
    const stale = await as('owner', 'assign', {
      questionId: String(question),
      assignee: 'me',
      expected: 'nobody',
    });
    expect(stale.result).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/ben took it/),
    });
    expect(stale.wrote).toBe(0);
    const bad = await as('ana', 'assign', {
      questionId: String(question),
      assignee: 'everyone',
      expected: 'nobody',
    });
    expect(bad.result).toMatchObject({ ok: false, status: 400 });
    expect(bad.wrote).toBe(0);
  });

  it('staff cannot turn on assign on open; the owner can', async () => {
    const refused = await as('ana', 'setting', { assignOnOpen: 'on' });
    expect(refused.result).toMatchObject({ ok: false, status: 403 });
    // The refusal's own security event is the one row written.
    expect(refused.wrote).toBe(1);
    expect(Boolean(Number(await sqlValue('select assign_on_open from bakery')))).toBe(false);
    const saved = await as('owner', 'setting', { assignOnOpen: 'on' });
    expect(saved.result).toMatchObject({ ok: true });
    expect(Boolean(Number(await sqlValue('select assign_on_open from bakery')))).toBe(true);
  });
});
