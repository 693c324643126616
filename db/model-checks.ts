import 'server-only';
import { writeAudit } from './audit';
import { getDb } from './client';

/** A person's model check leaves an audit row (who, when, what it said) and nothing else. */
export async function recordModelCheck({
  userId,
  now,
  model,
  ok,
  verdict,
}: {
  userId: number;
  now: Date;
  model: string | null;
  ok: boolean;
  verdict: string;
}): Promise<void> {
  await writeAudit(await getDb(), {
    userId,
    at: now,
    action: 'model.check',
    entity: 'model',
    entityId: model,
    after: { result: ok ? 'works' : 'failed', verdict },
  });
}
