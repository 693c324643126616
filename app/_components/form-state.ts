import type { Denial } from '@/lib/auth/roles';

/** What a form action returns when it did not do the work, so the form can show why. */
export type Rejected<Fields extends string> =
  | Denial
  | {
      ok: false;
      status: 400 | 409 | 429;
      message?: string;
      errors?: Partial<Record<Fields, string>>;
      /** What the user typed (never passwords), to refill the form. */
      values?: Partial<Record<Fields, string>>;
    }
  | {
      /** The database was away (restarting, say): nothing was saved, and trying again will do. */
      ok: false;
      status: 503;
      message: string;
      retryAfterSeconds: number;
      values?: Partial<Record<Fields, string>>;
    };

/** What a form shows: nothing yet, the work done (`ok: true`, with what to say), or why not. */
export type FormState<Fields extends string, Done extends { ok: true } = Saved> =
  | Done
  | Rejected<Fields>
  | undefined;

/** The usual success: a line to say what changed. */
export type Saved = { ok: true; message: string };

/** A refusal the server decides after the input was valid (a conflict, a limit, a taken name). */
export function refused<Fields extends string>(
  status: 409 | 429 | 400,
  reason: { message?: string; errors?: Partial<Record<Fields, string>> },
  values?: Partial<Record<Fields, string>>,
): Rejected<Fields> {
  return { ok: false, status, ...reason, ...(values ? { values } : {}) };
}

/** What a save says when the form matched what was kept, so nothing was written. */
export const NOTHING_CHANGED = 'Nothing changed.';
