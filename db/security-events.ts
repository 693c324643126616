import 'server-only';
import {
  SECURITY_EVENTS,
  type SecurityEventDetail,
  type SecurityEventKind,
} from '@/lib/audit/security-events';
import { writeAudit } from './audit';
import { getDb } from './client';

/**
 * Writes one security event to the audit log. `userId` is who acted (null when nobody is
 * signed in, as for a failed sign-in); `account` names the account it concerns, by email.
 */
export async function recordSecurityEvent({
  kind,
  userId,
  account,
  detail,
  at,
}: {
  kind: SecurityEventKind;
  userId: number | null;
  account?: string | null;
  detail?: SecurityEventDetail;
  at: Date;
}): Promise<void> {
  await writeAudit(await getDb(), {
    userId,
    at,
    action: SECURITY_EVENTS[kind],
    entity: 'account',
    entityId: account ?? null,
    after: detail,
  });
}
