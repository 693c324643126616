import { describe, expect, it } from 'vitest';
import { defaultWording } from '@/lib/agent/bakery/wording';
import {
  AUDIT_ACTIONS,
  AUDIT_KINDS,
  type AuditAction,
  type AuditRow,
  actionsOfKind,
  auditSentence,
  kindOf,
} from './sentences';

const at = new Date('2026-12-02T15:00:00Z');

/** A row as the database returns it, its details stored as JSON. */
function row(
  action: string,
  fields: { by?: string | null; id?: string | null; before?: unknown; after?: unknown } = {},
): AuditRow {
  return {
    action,
    at,
    userName: fields.by === undefined ? 'Marta' : fields.by,
    entityId: fields.id ?? null,
    before: fields.before === undefined ? null : JSON.stringify(fields.before),
    after: fields.after === undefined ? null : JSON.stringify(fields.after),
  };
}

const rye = {
  name: 'rye loaf',
  priceCents: 900,
  noticeDays: 0,
  available: true,
  description: 'Dark and sour',
  allergens: ['gluten'],
  mayContain: null,
  dietary: ['vegan'],
  ingredients: 'rye, water, salt',
};
const week = (saturdayCloses: string | null) => [
  { weekday: 5, opens: '07:00', closes: '15:00' },
  { weekday: 6, opens: saturdayCloses ? '07:00' : null, closes: saturdayCloses },
];

/** Every action the desk writes, with at least one row and the sentence it reads as. */
const cases: Record<AuditAction, [AuditRow, string][]> = {
  'menu.add': [
    [
      row('menu.add', { by: 'Sam', id: '4', after: { ...rye, name: 'Croissants' } }),
      'Sam added Croissants to the menu',
    ],
    [row('menu.add', { id: '4', after: {} }), 'Marta added a menu item (no. 4) to the menu'],
  ],
  'menu.update': [
    [
      row('menu.update', { id: '3', before: rye, after: { ...rye, priceCents: 950 } }),
      'Marta changed the price of rye loaf from $9.00 to $9.50',
    ],
    [
      row('menu.update', {
        id: '3',
        before: rye,
        after: { ...rye, priceCents: 950, noticeDays: 2, allergens: ['gluten', 'sesame'] },
      }),
      'Marta changed rye loaf: the price from $9.00 to $9.50, the notice from no notice to 2 days’ notice and the allergens from gluten to gluten and sesame',
    ],
    [
      row('menu.update', { id: '3', before: rye, after: { ...rye, name: 'Rye bread' } }),
      'Marta renamed rye loaf to Rye bread',
    ],
    [
      row('menu.update', { id: '3', before: rye, after: { ...rye, available: false } }),
      'Marta took rye loaf off sale',
    ],
    [
      // An entry written before names were kept: its number, and no failure.
      row('menu.update', { id: '3', before: { priceCents: 400 }, after: { priceCents: 450 } }),
      'Marta changed the price of a menu item (no. 3) from $4.00 to $4.50',
    ],
  ],
  'menu.available': [
    [
      row('menu.available', { id: '3', before: { ...rye, available: false }, after: rye }),
      'Marta put rye loaf back on sale',
    ],
  ],
  'menu.unavailable': [
    [
      row('menu.unavailable', { id: '3', before: rye, after: { ...rye, available: false } }),
      'Marta took rye loaf off sale',
    ],
  ],
  'menu.remove': [
    [row('menu.remove', { by: 'Ana', id: '3', before: rye }), 'Ana removed rye loaf from the menu'],
  ],
  'menu.replace': [
    [
      row('menu.replace', { before: [rye, rye], after: [rye, rye, rye] }),
      'Marta replaced the menu’s 2 items with 3 imported items',
    ],
    [row('menu.replace', { before: [rye], after: [] }), 'Marta emptied the menu (1 item removed)'],
    [row('menu.replace', { before: [], after: [rye] }), 'Marta imported a menu of 1 item'],
  ],
  'hours.update': [
    [
      row('hours.update', { by: null, before: week('14:00'), after: week('15:00') }),
      'Setup or the command line changed Saturday’s hours from 7 am–2 pm to 7 am–3 pm',
    ],
    [
      row('hours.update', {
        before: week(null),
        after: week('15:00').map((d) => ({
          ...d,
          closes: d.closes === '15:00' && d.weekday === 5 ? '16:00' : d.closes,
        })),
      }),
      'Marta changed Friday’s hours from 7 am–3 pm to 7 am–4 pm and Saturday’s hours from closed to 7 am–3 pm',
    ],
  ],
  'exception.add': [
    [
      row('exception.add', {
        id: '2026-12-24',
        after: {
          date: '2026-12-24',
          closed: true,
          opens: null,
          closes: null,
          note: 'Christmas Eve',
        },
      }),
      'Marta marked Thursday, December 24 as closed (“Christmas Eve”)',
    ],
    [
      row('exception.add', {
        id: '2027-01-02',
        after: { date: '2027-01-02', closed: false, opens: '08:00', closes: '12:00', note: null },
      }),
      'Marta set special hours for Saturday, January 2, 2027: 8 am–12 pm',
    ],
  ],
  'exception.update': [
    [
      row('exception.update', {
        id: '2026-12-24',
        before: { date: '2026-12-24', closed: true, opens: null, closes: null, note: null },
        after: { date: '2026-12-24', closed: false, opens: '08:00', closes: '12:00', note: null },
      }),
      'Marta changed the hours of Thursday, December 24 from closed to 8 am–12 pm',
    ],
  ],
  'exception.remove': [
    [
      row('exception.remove', { id: '2026-12-24', before: { date: '2026-12-24', closed: true } }),
      'Marta removed the special hours of Thursday, December 24 (closed)',
    ],
  ],
  'knowledge.add': [
    [
      row('knowledge.add', {
        id: '5',
        after: { title: 'Parking', answer: 'Behind the shop', tags: [], enabled: true },
      }),
      'Marta added the knowledge entry “Parking”',
    ],
  ],
  'knowledge.update': [
    [
      row('knowledge.update', {
        id: '5',
        before: { title: 'Parking', answer: 'A', tags: [], enabled: true },
        after: { title: 'Parking', answer: 'B', tags: ['car'], enabled: true },
      }),
      'Marta changed the knowledge entry “Parking”: the answer and the tags from none to car',
    ],
    [
      row('knowledge.update', {
        id: '5',
        before: { title: 'Parking', enabled: true },
        after: { title: 'Parking', enabled: false },
      }),
      'Marta switched off the knowledge entry “Parking”',
    ],
  ],
  'knowledge.on': [
    [
      row('knowledge.on', {
        id: '5',
        before: { title: 'Parking', enabled: false },
        after: { title: 'Parking', enabled: true },
      }),
      'Marta switched on the knowledge entry “Parking”',
    ],
  ],
  'knowledge.off': [
    [row('knowledge.off', { id: '5' }), 'Marta switched off a knowledge entry (no. 5)'],
  ],
  'knowledge.remove': [
    [row('knowledge.remove', { id: '5' }), 'Marta removed a knowledge entry (no. 5)'],
  ],
  'handover.update': [
    [
      row('handover.update', {
        before: { handoverTopics: ['weddings'] },
        after: { handoverTopics: ['allergies'] },
      }),
      'Marta changed the topics always handed to a person: added “allergies”; removed “weddings”',
    ],
  ],
  'settings.update': [
    [
      row('settings.update', {
        before: {
          name: 'Rye & Co',
          timezone: 'America/Chicago',
          locale: 'en-US',
          currency: 'USD',
          dailyBudgetCents: null,
          showStaffNames: false,
        },
        after: {
          name: 'Rye & Co',
          timezone: 'Europe/Berlin',
          locale: 'de-DE',
          currency: 'EUR',
          dailyBudgetCents: 500,
          showStaffNames: true,
        },
      }),
      'Marta changed the time zone from America/Chicago to Europe/Berlin, the language and region from American English to German (Germany), the currency from US Dollar to Euro, the daily model budget from the default to $5.00 and whether customers see who replied from hidden to shown',
    ],
  ],
  'settings.assignOnOpen': [
    [
      row('settings.assignOnOpen', { after: { assignOnOpen: true } }),
      'Marta turned on giving a conversation to the first person who opens it',
    ],
  ],
  'settings.undoSend': [
    [
      row('settings.undoSend', { before: { undoSendSeconds: 10 }, after: { undoSendSeconds: 0 } }),
      'Marta changed the time to undo a sent reply from 10 seconds to off',
    ],
  ],
  'settings.backupTime': [
    [
      row('settings.backupTime', {
        before: { backupTime: '03:00' },
        after: { backupTime: '04:30' },
      }),
      'Marta changed the time of the daily backup from 03:00 to 04:30',
    ],
  ],
  'settings.widgetOrigins': [
    [
      row('settings.widgetOrigins', {
        before: { widgetOrigins: [] },
        after: { widgetOrigins: ['https://rye.example'] },
      }),
      'Marta changed the websites that may show the Ask us panel: added “https://rye.example”',
    ],
  ],
  'firstRun.done': [[row('firstRun.done'), 'Marta finished the guided start']],
  'firstRun.reopen': [[row('firstRun.reopen'), 'Marta opened the guided start again']],
  'model.check': [
    [
      row('model.check', { id: 'claude-x', after: { result: 'works', verdict: 'It answered.' } }),
      'Marta tested the model claude-x: it works',
    ],
    [
      row('model.check', {
        id: 'claude-x',
        after: { result: 'failed', verdict: 'The key was refused.' },
      }),
      'Marta tested the model claude-x: it failed (The key was refused.)',
    ],
  ],
  'connection.update': [
    [
      row('connection.update', { id: 'smtp', after: { host: 'mail.example', secret: 'set' } }),
      'Marta set up sending email; a new password or key was saved',
    ],
    [
      row('connection.update', {
        id: 'imap',
        before: { host: 'a', secret: 'set' },
        after: { host: 'b', secret: 'kept' },
      }),
      'Marta changed the settings for receiving email',
    ],
  ],
  'connection.remove': [
    [
      row('connection.remove', { id: 'model' }),
      'Marta removed the settings for the drafting model, with any password or key',
    ],
  ],
  'sign_in.success': [
    [
      row('sign_in.success', {
        by: 'Ana',
        id: 'ana@rye.example',
        after: { address: '192.0.2.4', knownDevice: false },
      }),
      'Ana signed in from 192.0.2.4',
    ],
  ],
  'sign_in.failure': [
    [
      row('sign_in.failure', {
        by: null,
        id: 'ghost@rye.example',
        after: { address: '192.0.2.9', knownAccount: false },
      }),
      'A sign-in as ghost@rye.example failed from 192.0.2.9 (no such account)',
    ],
  ],
  'sign_in.lockout': [
    [
      row('sign_in.lockout', {
        by: null,
        id: 'ana@rye.example',
        after: { address: '198.18.0.9', failures: 50 },
      }),
      'The account ana@rye.example was locked after 50 failed sign-ins; the last try came from 198.18.0.9',
    ],
  ],
  'sign_in.unlock': [
    [row('sign_in.unlock', { id: 'ana@rye.example' }), 'Marta unlocked ana@rye.example'],
  ],
  sign_out: [[row('sign_out', { by: 'Ana', after: { address: 'unknown' } }), 'Ana signed out']],
  'access.denied': [
    [
      row('access.denied', {
        by: 'Ben',
        after: { surface: 'page', path: '/admin/audit', address: '192.0.2.7' },
      }),
      'Ben was refused the page /admin/audit from 192.0.2.7',
    ],
  ],
  'password.change': [
    [
      row('password.change', {
        by: 'Ben',
        after: { replacedTemporary: true, otherSessionsEnded: 0 },
      }),
      'Ben replaced a temporary password',
    ],
    [
      row('password.change', {
        by: 'Ben',
        after: { replacedTemporary: false, otherSessionsEnded: 2 },
      }),
      'Ben changed their password (2 other sessions signed out)',
    ],
  ],
  'sessions.end': [
    [
      row('sessions.end', { after: { ended: 1, keptThisOne: true } }),
      'Marta signed out 1 other session',
    ],
    [
      row('sessions.end', { after: { ended: 3, keptThisOne: false } }),
      'Marta signed out everywhere (3 sessions)',
    ],
  ],
  'twoFactor.enable': [[row('twoFactor.enable'), 'Marta turned on two-factor sign-in']],
  'twoFactor.disable': [[row('twoFactor.disable'), 'Marta turned off two-factor sign-in']],
  'twoFactor.recoveryCodeUsed': [
    [
      row('twoFactor.recoveryCodeUsed', { after: { remaining: 7 } }),
      'Marta signed in with a recovery code (7 left)',
    ],
  ],
  'user.add': [
    [
      row('user.add', {
        by: null,
        id: '1',
        after: { email: 'marta@rye.example', name: 'Marta', role: 'owner' },
      }),
      'Setup or the command line added Marta (marta@rye.example) as an owner',
    ],
  ],
  'staff.remove': [
    [
      row('staff.remove', {
        by: 'Ana',
        id: '7',
        before: { email: 'ben@rye.example', name: 'Ben', role: 'staff' },
      }),
      'Ana removed staff member Ben',
    ],
    [row('staff.remove', { by: 'Ana', id: '7' }), 'Ana removed a staff member (no. 7)'],
  ],
  'staff.invite': [
    [
      row('staff.invite', {
        id: '2',
        after: { email: 'ben@rye.example', name: 'Ben', role: 'staff' },
      }),
      'Marta invited Ben (ben@rye.example) to join as staff',
    ],
  ],
  'staff.invite.revoke': [
    [
      row('staff.invite.revoke', { id: '2', before: { email: 'ben@rye.example', name: 'Ben' } }),
      'Marta withdrew the invitation for Ben (ben@rye.example)',
    ],
  ],
  'staff.invite.accept': [
    [
      row('staff.invite.accept', {
        by: 'Ben',
        id: '2',
        after: { email: 'ben@rye.example', userId: 7 },
      }),
      'Ben joined through an invitation (ben@rye.example)',
    ],
  ],
  'question.assign': [
    [
      row('question.assign', {
        id: '12',
        before: { assigneeId: null, assignee: null },
        after: { assigneeId: 7, assignee: 'Ben' },
      }),
      'Marta gave conversation #12 to Ben',
    ],
    [
      row('question.assign', {
        id: '12',
        before: { assigneeId: 7, assignee: 'Ben' },
        after: { assigneeId: 8, assignee: null },
      }),
      'Marta gave conversation #12 to a person (no. 8) (was Ben)',
    ],
    [
      row('question.assign', {
        by: 'Ben',
        id: '12',
        after: { assigneeId: 7, assignee: 'Ben', onOpen: true },
      }),
      'Ben took conversation #12 by opening it',
    ],
  ],
  'question.unassign': [
    [
      row('question.unassign', { id: '12', before: { assigneeId: 7, assignee: 'Ben' } }),
      'Marta took conversation #12 off Ben',
    ],
  ],
  'question.discard': [
    [
      row('question.discard', {
        id: '12',
        after: { status: 'discarded', reason: 'spam', bulk: 3 },
      }),
      'Marta discarded conversation #12: “spam” (one of 3 discarded together)',
    ],
  ],
  'conversation.merge': [
    [
      row('conversation.merge', {
        id: '5',
        before: { conversation: 5 },
        after: { mergedInto: 9, messagesMoved: 2 },
      }),
      'Marta merged conversation #5 into conversation #9, moving 2 messages',
    ],
  ],
  'conversation.replyAddress': [
    [
      row('conversation.replyAddress', {
        id: '9',
        after: { repliesTo: 'the sender of conversation #5' },
      }),
      'Marta changed where replies in conversation #9 go: to the sender of conversation #5',
    ],
  ],
  'conversation.label': [
    [
      row('conversation.label', { id: '12', after: { labelId: 4 } }),
      'Marta put a label (no. 4) on conversation #12',
    ],
  ],
  'conversation.unlabel': [
    [
      row('conversation.unlabel', { id: '12', before: { labelId: 4 } }),
      'Marta took a label (no. 4) off conversation #12',
    ],
  ],
  'reply.hold': [
    [
      row('reply.hold', {
        by: 'Ana',
        id: '30',
        before: { questionId: 12 },
        after: { heldUntil: '2026-12-02T15:00:10.000Z' },
      }),
      'Ana sent a reply to conversation #12, with 10 seconds to undo it',
    ],
  ],
  'reply.undo': [
    [
      row('reply.undo', { by: 'Ana', id: '12' }),
      'Ana took back a reply to conversation #12 before it went out',
    ],
  ],
  'label.create': [
    [
      row('label.create', { id: '4', after: { name: 'Wedding', colour: '#aa0000' } }),
      'Marta made the label “Wedding”',
    ],
  ],
  'label.update': [
    [
      row('label.update', {
        id: '4',
        before: { name: 'Wedding', colour: '#aa0000' },
        after: { name: 'Weddings', colour: '#aa0000' },
      }),
      'Marta renamed the label “Wedding” to “Weddings”',
    ],
  ],
  'label.delete': [
    [
      row('label.delete', { id: '4', before: { name: 'Wedding', conversations: 3 } }),
      'Marta deleted the label “Wedding” (it was on 3 conversations)',
    ],
  ],
  'retention.update': [
    [
      row('retention.update', { before: { retentionDays: null }, after: { retentionDays: 30 } }),
      'Marta changed how long customers’ details are kept from none to 30 days',
    ],
  ],
  'retention.erase': [
    [
      row('retention.erase', {
        by: null,
        before: { retentionDays: 30 },
        after: { erased: 2, questionIds: [1, 2] },
      }),
      'The automatic erasure erased the customer details of 2 closed conversations older than 30 days',
    ],
  ],
  'samples.remove': [
    [
      row('samples.remove', { before: { exampleQuestions: [1, 2, 3] } }),
      'Marta removed the 3 example questions',
    ],
  ],
};

describe('auditSentence', () => {
  it('has cases for every action the desk writes, and no others', () => {
    expect(Object.keys(cases).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  for (const [action, examples] of Object.entries(cases)) {
    it(`words ${action}`, () => {
      for (const [entry, sentence] of examples) {
        expect(auditSentence(entry, defaultWording)).toBe(sentence);
      }
    });
  }

  it('words money in the bakery’s locale and currency', () => {
    const entry = row('menu.update', { id: '3', before: rye, after: { ...rye, priceCents: 950 } });
    expect(auditSentence(entry, { locale: 'de-DE', currency: 'EUR' })).toBe(
      'Marta changed the price of rye loaf from 9,00 € to 9,50 €',
    );
  });

  it('reads rows whose details are missing or not JSON without failing', () => {
    for (const action of AUDIT_ACTIONS) {
      const broken = { ...row(action, { id: '3' }), before: 'oops', after: '[1' };
      expect(auditSentence(broken, defaultWording)).toMatch(/^\S/);
    }
  });

  it('still reads an action it does not know', () => {
    expect(auditSentence(row('menu.frost'), defaultWording)).toBe(
      'Marta made a change this page has no words for yet',
    );
  });
});

describe('audit kinds', () => {
  it('give every action one kind, and every kind an action', () => {
    for (const action of AUDIT_ACTIONS) expect(Object.keys(AUDIT_KINDS)).toContain(kindOf(action));
    for (const kind of Object.keys(AUDIT_KINDS) as (keyof typeof AUDIT_KINDS)[]) {
      expect(actionsOfKind(kind).length).toBeGreaterThan(0);
    }
    expect(actionsOfKind('menu')).toEqual([
      'menu.add',
      'menu.update',
      'menu.available',
      'menu.unavailable',
      'menu.remove',
      'menu.replace',
    ]);
    expect(kindOf('sign_in.success')).toBe('signIns');
    expect(kindOf('menu.frost')).toBeNull();
  });
});
