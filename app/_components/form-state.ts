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
    };
