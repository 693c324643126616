import type { z } from 'zod';
import { fieldErrors } from '@/lib/form-data';
import type { Rejected } from '../../_components/form-state';

/** What an admin form's action returns: saved (with what to say), or why not. */
export type AdminFormState<Fields extends string> =
  | { ok: true; message: string }
  | Rejected<Fields>
  | undefined;

/** A 400 with each message beside its field and what was typed, to refill the form. */
export function invalidInput<Fields extends string>(
  error: z.ZodError,
  values: Record<string, string>,
): Rejected<Fields> {
  return {
    ok: false,
    status: 400,
    errors: fieldErrors(error) as Partial<Record<Fields, string>>,
    values: values as Partial<Record<Fields, string>>,
  };
}
