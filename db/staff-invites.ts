import 'server-only';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  generateInviteToken,
  hashInviteToken,
  INVITE_LIFETIME_MS,
  type InviteState,
  inviteState,
} from '@/lib/auth/staff-invite';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type Role, type StaffInvite, staffInvites } from './schema';
import { createUser, findUserByEmail, type UserSummary } from './users';

/**
 * One-time links an owner makes for a new colleague, who opens one to choose their own password
 * and is signed in. The link's token exists in the clear only in the owner's answer; the table
 * keeps its SHA-256. A link opens for a week, once, and not after the owner takes it back.
 */

export type InviteView = Pick<
  StaffInvite,
  'id' | 'email' | 'name' | 'role' | 'createdAt' | 'expiresAt'
>;

const view = {
  id: staffInvites.id,
  email: staffInvites.email,
  name: staffInvites.name,
  role: staffInvites.role,
  createdAt: staffInvites.createdAt,
  expiresAt: staffInvites.expiresAt,
};

const auditView = (invite: Pick<StaffInvite, 'email' | 'name' | 'role' | 'expiresAt'>) => ({
  email: invite.email,
  name: invite.name,
  role: invite.role,
  expiresAt: invite.expiresAt.toISOString(),
});

export type CreateInviteResult =
  | { ok: true; token: string; invite: InviteView }
  | { ok: false; reason: 'emailTaken' };

/**
 * A new invite for someone without an account. An open invite already made for the same email
 * is taken back in the same transaction: the owner asking again means the first link is lost.
 */
export async function createStaffInvite({
  email,
  name,
  role,
  by,
  now,
}: {
  email: string;
  name: string;
  role: Role;
  by: number;
  now: Date;
}): Promise<CreateInviteResult> {
  const address = email.trim().toLowerCase();
  return immediate(await getDb(), async (tx): Promise<CreateInviteResult> => {
    if (await findUserByEmail({ email: address })) return { ok: false, reason: 'emailTaken' };
    const earlier = await tx
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.email, address), openAt(now)));
    for (const invite of earlier) {
      await tx.update(staffInvites).set({ revokedAt: now }).where(eq(staffInvites.id, invite.id));
      await writeAudit(tx, {
        userId: by,
        at: now,
        action: 'staff.invite.revoke',
        entity: 'staff_invite',
        entityId: String(invite.id),
        before: auditView(invite),
      });
    }
    const token = generateInviteToken();
    const [invite] = await tx
      .insert(staffInvites)
      .values({
        tokenHash: hashInviteToken(token),
        email: address,
        name,
        role,
        createdBy: by,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
      })
      .returning(view);
    if (!invite) throw new Error('The new invite was not written.');
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: 'staff.invite',
      entity: 'staff_invite',
      entityId: String(invite.id),
      after: auditView(invite),
    });
    return { ok: true, token, invite };
  });
}

/** Neither used nor taken back, and not past its week. */
function openAt(now: Date) {
  return and(
    isNull(staffInvites.acceptedAt),
    isNull(staffInvites.revokedAt),
    gt(staffInvites.expiresAt, now),
  );
}

/** The invites that still open, newest first, for the owner to see and take back. */
export async function listOpenInvites({ now }: { now: Date }): Promise<InviteView[]> {
  return (await getDb())
    .select(view)
    .from(staffInvites)
    .where(openAt(now))
    .orderBy(desc(staffInvites.createdAt), desc(staffInvites.id));
}

export type RevokeInviteResult = { ok: true } | { ok: false; reason: 'notOpen' };

/** The owner takes a link back: it opens nothing from now on. */
export async function revokeStaffInvite({
  id,
  by,
  now,
}: {
  id: number;
  by: number;
  now: Date;
}): Promise<RevokeInviteResult> {
  return immediate(await getDb(), async (tx): Promise<RevokeInviteResult> => {
    const [invite] = await tx
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.id, id), openAt(now)))
      .limit(1);
    if (!invite) return { ok: false, reason: 'notOpen' };
    await tx.update(staffInvites).set({ revokedAt: now }).where(eq(staffInvites.id, id));
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: 'staff.invite.revoke',
      entity: 'staff_invite',
      entityId: String(id),
      before: auditView(invite),
    });
    return { ok: true };
  });
}

export type FoundInvite =
  | { state: 'open'; invite: InviteView }
  | { state: Exclude<InviteState, 'open'> | 'unknown' };

/** What the link with this token does now. */
export async function findStaffInvite({
  token,
  now,
}: {
  token: string;
  now: Date;
}): Promise<FoundInvite> {
  const [invite] = await (await getDb())
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashInviteToken(token)))
    .limit(1);
  if (!invite) return { state: 'unknown' };
  const state = inviteState(invite, now);
  if (state !== 'open') return { state };
  const { id, email, name, role, createdAt, expiresAt } = invite;
  return { state: 'open', invite: { id, email, name, role, createdAt, expiresAt } };
}

export type AcceptInviteResult =
  | { ok: true; user: UserSummary }
  | { ok: false; reason: Exclude<InviteState, 'open'> | 'unknown' | 'emailTaken' };

/**
 * The colleague's account, with the password they chose, and the invite marked used, in one
 * transaction: of two tabs sending the form at once, one makes the account and the other finds
 * the link used.
 */
export async function acceptStaffInvite({
  token,
  passwordHash,
  now,
}: {
  token: string;
  passwordHash: string;
  now: Date;
}): Promise<AcceptInviteResult> {
  return immediate(await getDb(), async (tx): Promise<AcceptInviteResult> => {
    const [invite] = await tx
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, hashInviteToken(token)))
      .limit(1);
    if (!invite) return { ok: false, reason: 'unknown' };
    const state = inviteState(invite, now);
    if (state !== 'open') return { ok: false, reason: state };
    const created = await createUser({
      email: invite.email,
      name: invite.name,
      role: invite.role,
      passwordHash,
      now,
      addedBy: invite.createdBy ?? undefined,
    });
    if (!created.ok) return { ok: false, reason: 'emailTaken' };
    await tx.update(staffInvites).set({ acceptedAt: now }).where(eq(staffInvites.id, invite.id));
    await writeAudit(tx, {
      userId: created.user.id,
      at: now,
      action: 'staff.invite.accept',
      entity: 'staff_invite',
      entityId: String(invite.id),
      after: { email: invite.email, userId: created.user.id },
    });
    return { ok: true, user: created.user };
  });
}
