import { describe, expect, it } from 'vitest';
import { landingPath, safeNextPath, secondStepPath } from './next-path';
import { passwordProblem } from './password-policy';
import { authorize, PASSWORD_CHANGE_FIRST, roleAllows } from './roles';
import { generateTemporaryPassword } from './temporary-password';
import { parseUserAddArgs, passwordFromPipedInput } from './user-add-args';

describe('roles', () => {
  it('let owners do everything and staff only staff things', () => {
    expect(roleAllows('owner', 'owner')).toBe(true);
    expect(roleAllows('owner', 'staff')).toBe(true);
    expect(roleAllows('staff', 'staff')).toBe(true);
    expect(roleAllows('staff', 'owner')).toBe(false);
  });

  it('answer 401 to nobody and 403 to the wrong role', () => {
    expect(authorize(null, 'staff')).toMatchObject({ ok: false, status: 401 });
    expect(authorize({ role: 'staff' }, 'owner')).toMatchObject({ ok: false, status: 403 });
    expect(authorize({ role: 'owner', id: 1 }, 'owner')).toEqual({
      ok: true,
      user: { role: 'owner', id: 1 },
    });
  });

  it('send a temporary password to its change before judging the role', () => {
    expect(authorize({ role: 'staff', mustChangePassword: true }, 'owner')).toBe(
      PASSWORD_CHANGE_FIRST,
    );
    expect(
      authorize({ role: 'staff', mustChangePassword: true }, 'staff', {
        allowTemporaryPassword: true,
      }),
    ).toMatchObject({ ok: true });
  });
});

describe('the path after sign-in', () => {
  it('stays on this site', () => {
    expect(safeNextPath('/admin/staff')).toBe('/admin/staff');
    expect(safeNextPath('//evil.test/')).toBe('/inbox');
    // Resolving `/.` leaves `//evil.example/x`, another host to a browser: checked again after.
    expect(safeNextPath('/.//evil.example/x')).toBe('/inbox');
    expect(safeNextPath('/a/..//evil.example/x')).toBe('/inbox');
    expect(safeNextPath('/%2e//evil.example/x')).toBe('/inbox');
    expect(safeNextPath('/\\evil.test')).toBe('/inbox');
    expect(safeNextPath('https://evil.test/')).toBe('/inbox');
    expect(safeNextPath(undefined, '/admin')).toBe('/admin');
  });

  it.each([
    ['a tab', '/\t/evil.test'],
    ['a newline', '/\n/evil.test'],
    ['a carriage return', '/\r/evil.test/x'],
    ['a backslash after the slash', '/\\/evil.test'],
  ])('refuses %s that a browser would drop to reach another origin', (_name, next) => {
    expect(safeNextPath(next)).toBe('/inbox');
  });

  it('keeps the query and fragment of a path on this site', () => {
    expect(safeNextPath('/inbox?tab=sent&q=rye#top')).toBe('/inbox?tab=sent&q=rye#top');
  });
});

describe('landing after sign-in', () => {
  it('sends a temporary password to /account before anywhere else', () => {
    expect(landingPath({ role: 'staff', mustChangePassword: true, next: '/inbox/4' })).toBe(
      '/account',
    );
    expect(landingPath({ role: 'staff', mustChangePassword: false, next: '/inbox/4' })).toBe(
      '/inbox/4',
    );
    expect(landingPath({ role: 'owner', mustChangePassword: false })).toBe('/admin');
    expect(landingPath({ role: 'staff', mustChangePassword: false, next: '//evil.test' })).toBe(
      '/inbox',
    );
  });

  it('carries only a safe destination through the code step', () => {
    expect(secondStepPath('/admin/menu')).toBe('/login/code?next=%2Fadmin%2Fmenu');
    expect(secondStepPath('//evil.test')).toBe('/login/code');
    expect(secondStepPath(undefined)).toBe('/login/code');
  });
});

describe('temporary passwords', () => {
  it('are long, unambiguous, different each time and pass the policy', () => {
    const passwords = Array.from({ length: 50 }, generateTemporaryPassword);
    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
      expect(passwordProblem({ password })).toBeNull();
    }
  });
});

describe('the user:add command line', () => {
  it('takes an email, a role and an optional name', () => {
    expect(parseUserAddArgs(['--email', 'Ana@Example.com', '--role', 'staff'])).toEqual({
      ok: true,
      args: { email: 'ana@example.com', role: 'staff', name: 'ana' },
    });
    expect(
      parseUserAddArgs(['--email', 'o@example.com', '--role', 'owner', '--name', 'Olive']),
    ).toMatchObject({ ok: true, args: { name: 'Olive', role: 'owner' } });
  });

  it('explains what is wrong', () => {
    expect(parseUserAddArgs(['--role', 'staff'])).toEqual({
      ok: false,
      message: 'Missing --email.',
    });
    expect(parseUserAddArgs(['--email', 'a@b.co'])).toMatchObject({ message: /Missing --role/ });
    expect(parseUserAddArgs(['--email', 'a@b.co', '--role', 'chef'])).toMatchObject({
      message: /owner or staff/,
    });
    expect(parseUserAddArgs(['--email', 'nope', '--role', 'staff'])).toMatchObject({
      message: /valid email/,
    });
    expect(parseUserAddArgs(['--email', 'a@b.co', '--role', 'staff', '--admin'])).toMatchObject({
      ok: false,
      message: /--admin/,
    });
  });

  it('reads the first line of piped input as the password', () => {
    expect(passwordFromPipedInput('s3cret pass\n')).toBe('s3cret pass');
    expect(passwordFromPipedInput('s3cret pass\r\nignored')).toBe('s3cret pass');
    expect(passwordFromPipedInput('')).toBe('');
  });
});
