import 'server-only';
import type { z } from 'zod';
import type { Rejected } from '@/app/_components/form-state';
import { authorize, type Role } from '@/lib/auth/roles';
import { fieldErrors, formFields } from '@/lib/form-data';
import { type CurrentUser, getCurrentUser, logDenial } from './session';

/**
 * The one shape of every server action: who may call it, what it accepts, then the work.
 *
 *   export const saveSettings = action({ role: 'owner', input: settingsInput }, async (input, user) => …);
 *
 * The caller is checked on the server before the form is even read, the form is parsed with
 * the zod schema before the work runs, and either refusal comes back as the typed state the
 * form renders (`status` 401/403 with a message, or 400 with each error beside its field and
 * what was typed). A refused call does no work, so it writes nothing. `role: 'anyone'` is the
 * explicit choice for the few actions open to callers who are not signed in.
 */
export type Who = Role | 'anyone';

/** Signed-in callers for role-guarded actions; maybe nobody for `anyone`. */
export type Caller<W extends Who> = W extends Role ? CurrentUser : CurrentUser | null;

export type FieldsOf<S extends z.ZodType> = keyof z.input<S> & string;

/** What the form typed, handed to the work so a later refusal can refill the form. */
export type Typed<S extends z.ZodType> = Partial<Record<FieldsOf<S>, string>>;

export type Action<State> = (previous: unknown, formData: FormData) => Promise<State>;

// Passwords, codes and tokens never travel back into the page, nor Next's own `$ACTION_…` fields.
const SECRET_FIELD = /password|secret|token|code/i;

// Every function action() made, so the access test can refuse an export written without it.
const guarded = new WeakSet<object>();

/** Whether `fn` was made by action(), and so checks its caller and parses its input. */
export function isGuardedAction(fn: unknown): boolean {
  return typeof fn === 'function' && guarded.has(fn);
}

export function action<const W extends Who, S extends z.ZodType, Done>(
  guard: {
    role: W;
    input: S;
    /** Open to someone whose password is temporary: only the password change itself. */
    allowTemporaryPassword?: boolean;
  },
  work: (input: z.output<S>, user: Caller<W>, typed: Typed<S>) => Promise<Done>,
): Action<Done | Rejected<FieldsOf<S>>> {
  const run: Action<Done | Rejected<FieldsOf<S>>> = async (_previous, formData) => {
    const user = await getCurrentUser();
    let caller: CurrentUser | null = user;
    if (guard.role !== 'anyone') {
      const decision = authorize(user, guard.role, {
        allowTemporaryPassword: guard.allowTemporaryPassword,
      });
      if (!decision.ok) {
        await logDenial(user, decision, { surface: 'action' });
        return decision;
      }
      caller = decision.user;
    }
    const fields = formData instanceof FormData ? formFields(formData) : {};
    const typed = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !SECRET_FIELD.test(name) && !name.startsWith('$')),
    ) as Typed<S>;
    const parsed = await guard.input.safeParseAsync(fields);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error) as Partial<Record<FieldsOf<S>, string>>;
      return { ok: false, status: 400, errors, values: typed };
    }
    return work(parsed.data, caller as Caller<W>, typed);
  };
  guarded.add(run);
  return run;
}
