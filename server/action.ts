import 'server-only';
import type { z } from 'zod';
import type { Rejected } from '@/app/_components/form-state';
import { authorize, type Role } from '@/lib/auth/roles';
import { RETRY_AFTER_SECONDS } from '@/lib/database/unavailable';
import { fieldErrors, formFields } from '@/lib/form-data';
import { databaseAway } from './database-away';
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
    /** What the form says when the database is away (a 503 state); a general line otherwise. */
    whenDatabaseAway?: string;
  },
  work: (input: z.output<S>, user: Caller<W>, typed: Typed<S>) => Promise<Done>,
): Action<Done | Rejected<FieldsOf<S>>> {
  const checked: Action<Done | Rejected<FieldsOf<S>>> = async (_previous, formData) => {
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
    const typed = typedValues<S>(formData);
    const parsed = await guard.input.safeParseAsync(fields);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error) as Partial<Record<FieldsOf<S>, string>>;
      return { ok: false, status: 400, errors, values: typed };
    }
    return work(parsed.data, caller as Caller<W>, typed);
  };
  // While the database is away, the caller is told so in words, with what they typed kept;
  // a transaction it broke off wrote nothing. Anything else (a redirect, a bug) goes on as thrown.
  const run: Action<Done | Rejected<FieldsOf<S>>> = async (previous, formData) => {
    try {
      return await checked(previous, formData);
    } catch (error) {
      if (!databaseAway(error, 'a server action')) throw error;
      return {
        ok: false,
        status: 503,
        message: guard.whenDatabaseAway ?? DATABASE_AWAY,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
        values: typedValues(formData),
      };
    }
  };
  guarded.add(run);
  return run;
}

const DATABASE_AWAY =
  'The desk could not reach its records just now, so this was not saved. Please try again in a moment.';

/** What the form typed, to send back: never a secret field, nor Next's own `$ACTION_…` fields. */
function typedValues<S extends z.ZodType>(formData: FormData): Typed<S> {
  const fields = formData instanceof FormData ? formFields(formData) : {};
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => !SECRET_FIELD.test(name) && !name.startsWith('$')),
  ) as Typed<S>;
}
