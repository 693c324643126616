import { counted, numbered, type Sentence } from '../phrases';
import { type Details, flagOf, numberOf, textOf } from '../read-details';
import { SECURITY_EVENTS } from '../security-events';

/** " from 192.0.2.4" when the row kept the client's address. */
function from(details: Details): string {
  const address = textOf(details, 'address');
  return address && address !== 'unknown' ? ` from ${address}` : '';
}

/** The account a security event concerns: its email, kept as the row's entity. */
function account(entityId: string | null): string {
  return entityId ?? 'an account';
}

/** "Ben (ben@example.com)" from a row that kept both. */
function person(details: Details, id: string | null): string {
  const name = textOf(details, 'name');
  const email = textOf(details, 'email');
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? numbered('a person', id);
}

function staffMember(details: Details, id: string | null): string {
  const name = textOf(details, 'name') ?? textOf(details, 'email');
  return name ? `staff member ${name}` : numbered('a staff member', id);
}

function asRole(details: Details): string {
  const role = textOf(details, 'role');
  return role === 'owner' ? ' as an owner' : role === 'staff' ? ' as staff' : '';
}

const surfaces: Record<string, string> = {
  page: 'the page',
  action: 'a change on',
  route: 'the address',
};

export const accountSentences = {
  [SECURITY_EVENTS.signInSuccess]: ({ actor, after }) =>
    `${actor} signed in${from(after)}${flagOf(after, 'knownDevice') ? ' on a known device' : ''}`,
  [SECURITY_EVENTS.signInFailure]: ({ after, entityId }) =>
    `A sign-in as ${account(entityId)} failed${from(after)}${
      flagOf(after, 'knownAccount') === false ? ' (no such account)' : ''
    }`,
  [SECURITY_EVENTS.lockout]: ({ after, entityId }) => {
    const failures = numberOf(after, 'failures');
    return `The account ${account(entityId)} was locked${
      failures ? ` after ${counted(failures, 'failed sign-in')}` : ''
    }${from(after) ? `; the last try came${from(after)}` : ''}`;
  },
  [SECURITY_EVENTS.unlock]: ({ actor, entityId }) => `${actor} unlocked ${account(entityId)}`,
  [SECURITY_EVENTS.signOut]: ({ actor, after }) => `${actor} signed out${from(after)}`,
  [SECURITY_EVENTS.accessDenied]: ({ actor, after }) => {
    const path = textOf(after, 'path');
    const surface = surfaces[textOf(after, 'surface') ?? ''] ?? 'the address';
    return `${actor} was refused ${path ? `${surface} ${path}` : 'something their role does not allow'}${from(after)}`;
  },
  [SECURITY_EVENTS.passwordChange]: ({ actor, after }) => {
    const ended = numberOf(after, 'otherSessionsEnded');
    return `${actor} ${
      flagOf(after, 'replacedTemporary')
        ? 'replaced a temporary password'
        : 'changed their password'
    }${ended ? ` (${counted(ended, 'other session')} signed out)` : ''}`;
  },
  [SECURITY_EVENTS.staffAdd]: ({ actor, after, entityId }) =>
    `${actor} added ${person(after, entityId)}${asRole(after)}`,
  [SECURITY_EVENTS.staffRemove]: ({ actor, before, entityId }) =>
    `${actor} removed ${staffMember(before, entityId)}`,
  [SECURITY_EVENTS.sessionsEnd]: ({ actor, after }) => {
    const ended = numberOf(after, 'ended') ?? 0;
    return flagOf(after, 'keptThisOne') === false
      ? `${actor} signed out everywhere (${counted(ended, 'session')})`
      : `${actor} signed out ${counted(ended, 'other session')}`;
  },
  [SECURITY_EVENTS.twoFactorEnable]: ({ actor }) => `${actor} turned on two-factor sign-in`,
  [SECURITY_EVENTS.twoFactorDisable]: ({ actor }) => `${actor} turned off two-factor sign-in`,
  [SECURITY_EVENTS.recoveryCodeUsed]: ({ actor, after }) => {
    const left = numberOf(after, 'remaining');
    return `${actor} signed in with a recovery code${left === undefined ? '' : ` (${left} left)`}`;
  },
  'staff.invite': ({ actor, after, entityId }) =>
    `${actor} invited ${person(after, entityId)} to join${asRole(after)}`,
  'staff.invite.revoke': ({ actor, before, entityId }) =>
    `${actor} withdrew the invitation for ${person(before, entityId)}`,
  'staff.invite.accept': ({ actor, after }) =>
    `${actor} joined through an invitation${textOf(after, 'email') ? ` (${textOf(after, 'email')})` : ''}`,
} satisfies Record<string, Sentence>;
