'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getBakery } from '@/db/bakery';
import { removeExampleQuestions, setFirstRun } from '@/db/first-run';
import { replaceMenu } from '@/db/menu';
import { updateBakerySettings } from '@/db/settings';
import { createStaffInvite, revokeStaffInvite } from '@/db/staff-invites';
import { createUser } from '@/db/users';
import { hashPassword } from '@/lib/auth/password-hash';
import { generateTemporaryPassword } from '@/lib/auth/temporary-password';
import { type MenuCsvProblem, readMenuCsv } from '@/lib/bakery-facts/menu-csv';
import { env } from '@/lib/env';
import { bakeryBasicsInput, colleagueInput, inviteRef, menuCsvInput } from '@/lib/first-run/forms';
import { guidedStepHref } from '@/lib/first-run/steps';
import { action } from '@/server/action';
import { requestIsHttps } from '@/server/session';
import { refused } from '../../_components/form-state';

/**
 * The guided start's steps (owner only). Each saves through the same db/ functions as the admin
 * pages, so the audit log and drafts' staleness follow as they do there.
 */

/** Name, contact line, time zone, locale and currency; the budget and staff names stay as set. */
export const saveBakeryBasics = action(
  { role: 'owner', input: bakeryBasicsInput },
  async (input, user) => {
    const current = await getBakery();
    await updateBakerySettings({
      input: {
        ...input,
        dailyBudget: current.dailyBudgetCents,
        showStaffNames: current.showStaffNames,
      },
      by: user.id,
      now: new Date(),
    });
    revalidatePath('/admin', 'layout');
    redirect(guidedStepHref('hours'));
  },
);

export type MenuImportState =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; problems?: MenuCsvProblem[] }
  | undefined;

/** A whole menu from a CSV: every row valid, or nothing written and each bad row said. */
export const importMenu = action({ role: 'owner', input: menuCsvInput }, async ({ csv }, user) => {
  const reading = readMenuCsv(csv);
  if (!reading.ok) {
    return {
      ok: false as const,
      status: 400 as const,
      message: 'Nothing was imported. Fix these rows in the file and import it again:',
      problems: reading.problems,
    };
  }
  const { count } = await replaceMenu({ items: reading.items, by: user.id, now: new Date() });
  revalidatePath('/admin', 'layout');
  return {
    ok: true as const,
    message: `Imported ${count} ${count === 1 ? 'item' : 'items'}: the menu now holds only those.`,
  };
});

/** The example menu goes; the owner adds items on the menu page. */
export const startEmptyMenu = action(
  { role: 'owner', input: z.object({}) },
  async (_input, user) => {
    await replaceMenu({ items: [], by: user.id, now: new Date() });
    revalidatePath('/admin', 'layout');
    return { ok: true as const, message: 'The menu is empty now. Add items on the Menu page.' };
  },
);

/** Where an invite link points: the public address when one is set, else the one in use. */
async function siteOrigin(): Promise<string> {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const list = await headers();
  const host = list.get('x-forwarded-host')?.split(',')[0]?.trim() || list.get('host');
  return `${(await requestIsHttps()) ? 'https' : 'http'}://${host ?? 'localhost'}`;
}

export type ColleagueState =
  | { ok: true; kind: 'invite'; name: string; email: string; link: string; expiresAt: string }
  | { ok: true; kind: 'password'; name: string; email: string; temporaryPassword: string };

/**
 * A new staff member: an invite link shown once (only its hash is kept), or an account with a
 * temporary password shown once, as the staff page gives.
 */
export const addColleague = action(
  { role: 'owner', input: colleagueInput },
  async ({ name, email, how }, user, typed) => {
    const taken = () =>
      refused(409, { errors: { email: 'Someone with this email already has an account.' } }, typed);
    const now = new Date();
    if (how === 'invite') {
      const made = await createStaffInvite({ email, name, role: 'staff', by: user.id, now });
      if (!made.ok) return taken();
      revalidatePath('/admin/start');
      revalidatePath('/admin/staff');
      return {
        ok: true as const,
        kind: 'invite' as const,
        name,
        email: made.invite.email,
        link: `${await siteOrigin()}/join/${made.token}`,
        expiresAt: made.invite.expiresAt.toISOString(),
      };
    }
    const temporaryPassword = generateTemporaryPassword();
    const created = await createUser({
      name,
      email,
      role: 'staff',
      passwordHash: await hashPassword(temporaryPassword),
      now,
      addedBy: user.id,
      mustChangePassword: true,
    });
    if (!created.ok) return taken();
    revalidatePath('/admin/staff');
    return {
      ok: true as const,
      kind: 'password' as const,
      name,
      email: created.user.email,
      temporaryPassword,
    };
  },
);

/** The owner takes an invite link back before it is used. */
export const revokeInvite = action({ role: 'owner', input: inviteRef }, async ({ id }, user) => {
  const revoked = await revokeStaffInvite({ id, by: user.id, now: new Date() });
  if (!revoked.ok) {
    return refused(409, { message: 'That invite was already used, taken back or past its week.' });
  }
  revalidatePath('/admin/start');
  revalidatePath('/admin/staff');
  return { ok: true as const };
});

/** Every example question gone in one step. */
export const removeExamples = action(
  { role: 'owner', input: z.object({}) },
  async (_input, user) => {
    const { removed } = await removeExampleQuestions({ by: user.id, now: new Date() });
    revalidatePath('/admin/start');
    revalidatePath('/inbox');
    return {
      ok: true as const,
      message:
        removed === 0
          ? 'There are no example questions left.'
          : `Removed ${removed} example ${removed === 1 ? 'question' : 'questions'}.`,
    };
  },
);

/** Finishing or skipping: the guided start is no longer offered; Settings opens it again. */
export const finishGuidedStart = action(
  { role: 'owner', input: z.object({}) },
  async (_input, user) => {
    await setFirstRun({ state: 'done', by: user.id, now: new Date() });
    revalidatePath('/admin', 'layout');
    redirect('/admin');
  },
);
