import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CurrentUser } from '@/server/session';

/**
 * The one shape of every server action: caller first, then the input, then the work. The
 * session is stubbed here (tests/access/matrix.test.ts runs real sessions against every
 * action); what is checked is the order and the typed refusals.
 */
const session = vi.hoisted(() => ({ user: null as CurrentUser | null, lookups: 0, denials: 0 }));
vi.mock('@/server/session', () => ({
  getCurrentUser: async () => {
    session.lookups += 1;
    return session.user;
  },
  // The audit row itself is checked against a real database in tests/access/matrix.test.ts.
  logDenial: async () => {
    session.denials += 1;
  },
}));

const { action, isGuardedAction } = await import('@/server/action');

const person = (role: 'owner' | 'staff'): CurrentUser => ({
  id: role === 'owner' ? 1 : 2,
  email: `${role}@desk.test`,
  name: role,
  role,
  createdAt: new Date(0),
  mustChangePassword: false,
  totpEnabledAt: null,
  sessionId: 'session',
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** A schema that records whether it was ever asked to parse. */
function watched() {
  const seen = { parsed: 0 };
  const schema = z.object({
    name: z.string().transform((name) => {
      seen.parsed += 1;
      return name.trim();
    }),
    password: z.string().min(12, { error: 'Use at least 12 characters.' }),
    count: z.coerce.number().int().positive({ error: 'Enter a whole number above 0.' }),
  });
  return { schema, seen };
}

beforeEach(() => {
  session.user = null;
  session.lookups = 0;
  session.denials = 0;
});

describe('action()', () => {
  it('refuses a caller without the role before reading the form or doing the work', async () => {
    const { schema, seen } = watched();
    const work = vi.fn(async () => ({ ok: true as const, message: 'done' }));
    const ownersOnly = action({ role: 'owner', input: schema }, work);
    const valid = form({ name: 'Ann', password: 'long enough password', count: '2' });

    expect(await ownersOnly(undefined, valid)).toEqual({
      ok: false,
      status: 401,
      message: 'Please sign in to do that.',
    });
    session.user = person('staff');
    expect(await ownersOnly(undefined, valid)).toEqual({
      ok: false,
      status: 403,
      message: 'Your account is not allowed to do that.',
    });
    expect(seen.parsed).toBe(0);
    expect(work).not.toHaveBeenCalled();
  });

  it('lets owners do what staff may do', async () => {
    const { schema } = watched();
    const work = vi.fn(async () => ({ ok: true as const, message: 'done' }));
    const staffAction = action({ role: 'staff', input: schema }, work);
    session.user = person('owner');
    const result = await staffAction(
      undefined,
      form({ name: 'A', password: 'x'.repeat(12), count: '1' }),
    );
    expect(result).toEqual({ ok: true, message: 'done' });
  });

  it('refuses someone with a temporary password unless the action is the password change', async () => {
    const { schema, seen } = watched();
    const work = vi.fn(async () => ({ ok: true as const, message: 'done' }));
    const valid = form({ name: 'Ann', password: 'long enough password', count: '2' });
    session.user = { ...person('staff'), mustChangePassword: true };

    const inbox = action({ role: 'staff', input: schema }, work);
    expect(await inbox(undefined, valid)).toEqual({
      ok: false,
      status: 403,
      message: 'Choose your own password first, on your account page.',
    });
    expect(seen.parsed).toBe(0);
    expect(work).not.toHaveBeenCalled();

    const changePassword = action(
      { role: 'staff', input: schema, allowTemporaryPassword: true },
      work,
    );
    expect(await changePassword(undefined, valid)).toEqual({ ok: true, message: 'done' });
  });

  it('answers bad input with each error beside its field and never runs the work', async () => {
    const { schema } = watched();
    const work = vi.fn(async () => ({ ok: true as const, message: 'done' }));
    const save = action({ role: 'staff', input: schema }, work);
    session.user = person('staff');

    const result = await save(undefined, form({ name: 'Ann', password: 'short', count: '-3' }));

    expect(result).toEqual({
      ok: false,
      status: 400,
      errors: { password: 'Use at least 12 characters.', count: 'Enter a whole number above 0.' },
      // What was typed comes back to refill the form; the password never does.
      values: { name: 'Ann', count: '-3' },
    });
    expect(work).not.toHaveBeenCalled();
  });

  it('hands the work the parsed input, the signed-in person and what was typed', async () => {
    const { schema } = watched();
    const work = vi.fn(async (input: { name: string; count: number }, user: CurrentUser) => ({
      ok: true as const,
      message: `${user.name} saved ${input.name} x${input.count}`,
    }));
    const save = action({ role: 'staff', input: schema }, work);
    session.user = person('staff');

    const result = await save(
      undefined,
      form({ name: '  Rye  ', password: 'a long password', count: '3', $ACTION_ID_abc: '' }),
    );

    expect(result).toEqual({ ok: true, message: 'staff saved Rye x3' });
    expect(work).toHaveBeenCalledWith(
      { name: 'Rye', password: 'a long password', count: 3 },
      person('staff'),
      { name: '  Rye  ', count: '3' },
    );
  });

  it('runs for anyone only when asked for explicitly, with the person if one is signed in', async () => {
    const seenUsers: (CurrentUser | null)[] = [];
    const open = action({ role: 'anyone', input: z.object({}) }, async (_input, user) => {
      seenUsers.push(user);
      return { ok: true as const, message: 'hello' };
    });
    expect(await open(undefined, form({}))).toEqual({ ok: true, message: 'hello' });
    session.user = person('staff');
    await open(undefined, form({}));
    expect(seenUsers).toEqual([null, person('staff')]);
  });

  it('treats a call without form data as an empty form, refused by the schema', async () => {
    const { schema } = watched();
    const work = vi.fn(async () => ({ ok: true as const, message: 'done' }));
    session.user = person('owner');
    const result = await action({ role: 'owner', input: schema }, work)(undefined, 'junk' as never);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(work).not.toHaveBeenCalled();
  });

  it('marks what it makes, so an export written without it can be found', () => {
    const made = action({ role: 'owner', input: z.object({}) }, async () => ({
      ok: true as const,
    }));
    expect(isGuardedAction(made)).toBe(true);
    expect(isGuardedAction(async () => ({ ok: true }))).toBe(false);
  });
});
