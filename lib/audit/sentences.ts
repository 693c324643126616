import type { Wording } from '@/lib/agent/bakery/wording';
import type { Sentence } from './phrases';
import { readDetails, readJson } from './read-details';
import { accountSentences } from './sentences/accounts';
import { conversationSentences } from './sentences/conversations';
import { hoursSentences } from './sentences/hours';
import { knowledgeSentences } from './sentences/knowledge';
import { menuSentences } from './sentences/menu';
import { settingsSentences } from './sentences/settings';

/** The kinds the audit page filters by, in the words its list shows. */
export const AUDIT_KINDS = {
  menu: 'Menu',
  hours: 'Hours',
  knowledge: 'Knowledge',
  settings: 'Settings',
  signIns: 'Sign-ins',
  accounts: 'Passwords and two-factor',
  staff: 'Staff',
  conversations: 'Conversations',
  labels: 'Labels',
  customerData: 'Customer details',
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

const SENTENCES = {
  ...menuSentences,
  ...hoursSentences,
  ...knowledgeSentences,
  ...settingsSentences,
  ...accountSentences,
  ...conversationSentences,
} satisfies Record<string, Sentence>;

/** Every action the desk writes to the audit log, as its `action` column holds it. */
export type AuditAction = keyof typeof SENTENCES;

/** Each action's kind; a new action without one fails to compile. */
const KIND_OF: Record<AuditAction, AuditKind> = {
  'menu.add': 'menu',
  'menu.update': 'menu',
  'menu.available': 'menu',
  'menu.unavailable': 'menu',
  'menu.remove': 'menu',
  'menu.replace': 'menu',
  'hours.update': 'hours',
  'exception.add': 'hours',
  'exception.update': 'hours',
  'exception.remove': 'hours',
  'knowledge.add': 'knowledge',
  'knowledge.update': 'knowledge',
  'knowledge.on': 'knowledge',
  'knowledge.off': 'knowledge',
  'knowledge.remove': 'knowledge',
  'handover.update': 'knowledge',
  'settings.update': 'settings',
  'settings.assignOnOpen': 'settings',
  'settings.undoSend': 'settings',
  'settings.backupTime': 'settings',
  'settings.widgetOrigins': 'settings',
  'firstRun.done': 'settings',
  'firstRun.reopen': 'settings',
  'model.check': 'settings',
  'connection.update': 'settings',
  'connection.remove': 'settings',
  'sign_in.success': 'signIns',
  'sign_in.failure': 'signIns',
  'sign_in.lockout': 'signIns',
  'sign_in.unlock': 'signIns',
  sign_out: 'signIns',
  'access.denied': 'signIns',
  'password.change': 'accounts',
  'sessions.end': 'accounts',
  'twoFactor.enable': 'accounts',
  'twoFactor.disable': 'accounts',
  'twoFactor.recoveryCodeUsed': 'accounts',
  'user.add': 'staff',
  'staff.remove': 'staff',
  'staff.invite': 'staff',
  'staff.invite.revoke': 'staff',
  'staff.invite.accept': 'staff',
  'question.assign': 'conversations',
  'question.unassign': 'conversations',
  'question.discard': 'conversations',
  'conversation.merge': 'conversations',
  'conversation.replyAddress': 'conversations',
  'conversation.label': 'conversations',
  'conversation.unlabel': 'conversations',
  'reply.hold': 'conversations',
  'reply.undo': 'conversations',
  'label.create': 'labels',
  'label.update': 'labels',
  'label.delete': 'labels',
  'retention.update': 'customerData',
  'retention.erase': 'customerData',
  'samples.remove': 'customerData',
};

export const AUDIT_ACTIONS = Object.keys(SENTENCES) as AuditAction[];

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(SENTENCES, action);
}

/** The actions a kind filters to. */
export function actionsOfKind(kind: AuditKind): AuditAction[] {
  return AUDIT_ACTIONS.filter((action) => KIND_OF[action] === kind);
}

export function kindOf(action: string): AuditKind | null {
  return isAuditAction(action) ? KIND_OF[action] : null;
}

/** Who acted when nobody was signed in: the hourly erasure, else setup or a command. */
function nobody(action: string): string {
  return action === 'retention.erase' ? 'The automatic erasure' : 'Setup or the command line';
}

export type AuditRow = {
  action: string;
  entityId: string | null;
  at: Date;
  before: string | null;
  after: string | null;
  /** The person who acted, as the desk names them; null when nobody was signed in. */
  userName: string | null;
};

/**
 * An audit row as one sentence a bakery reads: "Marta changed the price of rye loaf from $9.00
 * to $9.50". Names come from the row's own details, as they were then; money, dates and times
 * in the bakery's locale and currency. Rows of an unknown action still read.
 */
export function auditSentence(row: AuditRow, wording: Wording): string {
  const actor = row.userName ?? nobody(row.action);
  if (!isAuditAction(row.action)) return `${actor} made a change this page has no words for yet`;
  const beforeValue = readJson(row.before);
  const afterValue = readJson(row.after);
  const sentence: Sentence = SENTENCES[row.action];
  return sentence({
    actor,
    entityId: row.entityId,
    at: row.at,
    before: readDetails(row.before),
    after: readDetails(row.after),
    beforeValue,
    afterValue,
    wording,
  });
}
