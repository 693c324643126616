import { wordMoney } from '@/lib/agent/bakery/wording';
import {
  addedAndRemoved,
  changed,
  clausesFor,
  counted,
  numbered,
  quoted,
  type Sentence,
} from '../phrases';
import { flagOf, numberOf, textOf, wordsOf } from '../read-details';

/** "German (Germany)" for de-DE; the code itself where Intl does not know it. */
function displayName(code: unknown, type: 'language' | 'currency'): string {
  if (typeof code !== 'string' || code === '') return 'none';
  try {
    return new Intl.DisplayNames(['en'], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

// The daily model budget is kept in US cents, whatever the bakery's own currency.
const budget = (value: unknown) =>
  typeof value === 'number'
    ? wordMoney(value, { locale: 'en-US', currency: 'USD' })
    : 'the default';

const settingsFields = {
  name: { what: 'the bakery’s name', word: (v: unknown) => quoted(String(v ?? '')) },
  timezone: { what: 'the time zone', word: (v: unknown) => String(v ?? 'none') },
  contact: { what: 'the contact line', word: (v: unknown) => (v ? quoted(String(v)) : 'none') },
  locale: { what: 'the language and region', word: (v: unknown) => displayName(v, 'language') },
  currency: { what: 'the currency', word: (v: unknown) => displayName(v, 'currency') },
  dailyBudgetCents: { what: 'the daily model budget', word: budget },
  showStaffNames: {
    what: 'whether customers see who replied',
    word: (v: unknown) => (v ? 'shown' : 'hidden'),
  },
};

const retention = (days: number | undefined) =>
  days === undefined ? 'none' : counted(days, 'day');

const undoTime = (seconds: number | undefined) => (!seconds ? 'off' : counted(seconds, 'second'));

/** The connections the owner makes in Settings, in a bakery's words. */
function connectionName(name: string | null): string {
  if (name === 'smtp') return 'sending email';
  if (name === 'imap') return 'receiving email';
  if (name === 'model') return 'the drafting model';
  return numbered('a connection', name);
}

function secretWords(change: string | undefined): string {
  if (change === 'set' || change === 'replaced') return '; a new password or key was saved';
  if (change === 'removed') return '; its password or key was removed';
  return '';
}

export const settingsSentences = {
  'settings.update': ({ actor, before, after }) =>
    changed(actor, null, clausesFor(before, after, settingsFields)),
  'retention.update': ({ actor, before, after }) =>
    changed(actor, null, [
      {
        what: 'how long customers’ details are kept',
        from: retention(numberOf(before, 'retentionDays')),
        to: retention(numberOf(after, 'retentionDays')),
      },
    ]),
  'settings.assignOnOpen': ({ actor, after }) =>
    `${actor} turned ${flagOf(after, 'assignOnOpen') ? 'on' : 'off'} giving a conversation to the first person who opens it`,
  'settings.undoSend': ({ actor, before, after }) =>
    changed(actor, null, [
      {
        what: 'the time to undo a sent reply',
        from: undoTime(numberOf(before, 'undoSendSeconds')),
        to: undoTime(numberOf(after, 'undoSendSeconds')),
      },
    ]),
  'settings.backupTime': ({ actor, before, after }) =>
    changed(actor, null, [
      {
        what: 'the time of the daily backup',
        from: textOf(before, 'backupTime') ?? 'none',
        to: textOf(after, 'backupTime') ?? 'none',
      },
    ]),
  'settings.widgetOrigins': ({ actor, before, after }) =>
    `${actor} changed the websites that may show the Ask us panel: ${addedAndRemoved(
      wordsOf(before, 'widgetOrigins') ?? [],
      wordsOf(after, 'widgetOrigins') ?? [],
    )}`,
  'firstRun.done': ({ actor }) => `${actor} finished the guided start`,
  'firstRun.reopen': ({ actor }) => `${actor} opened the guided start again`,
  'model.check': ({ actor, after, entityId }) => {
    const model = entityId ? `the model ${entityId}` : 'the model';
    const verdict = textOf(after, 'verdict');
    return textOf(after, 'result') === 'works'
      ? `${actor} tested ${model}: it works`
      : `${actor} tested ${model}: it failed${verdict ? ` (${verdict})` : ''}`;
  },
  'connection.update': ({ actor, before, after, beforeValue, entityId }) => {
    const what = connectionName(entityId);
    const secret = secretWords(textOf(after, 'secret'));
    return beforeValue === undefined || Object.keys(before).length === 0
      ? `${actor} set up ${what}${secret}`
      : `${actor} changed the settings for ${what}${secret}`;
  },
  'connection.remove': ({ actor, entityId }) =>
    `${actor} removed the settings for ${connectionName(entityId)}, with any password or key`,
} satisfies Record<string, Sentence>;
