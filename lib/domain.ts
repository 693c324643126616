import type { StopKind as AgentStopKind } from './agent/types';

/**
 * The desk's own names for who people are and where a question stands. They belong to the
 * domain: db/schema.ts stores them as column enums, and lib/ decides with them without
 * reaching into the database.
 */

export const roles = ['owner', 'staff'] as const;
export type Role = (typeof roles)[number];

export const questionStatuses = [
  'queued',
  'drafting',
  'drafted',
  'failed',
  'sent',
  'discarded',
] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

export const channels = ['web', 'api', 'sample', 'email', 'widget'] as const;
export type Channel = (typeof channels)[number];

/** How staff read where a conversation came from ("via web widget"). */
export const channelNames: Record<Channel, string> = {
  web: 'web form',
  widget: 'web widget',
  email: 'email',
  api: 'API',
  sample: 'example',
};

/**
 * What became of an email taken from the mailbox: it opened a conversation, joined one, is no
 * question (an auto-reply, a bounce, a list, the desk's own), could not be read, or was too large
 * to fetch (both kept for staff).
 */
export const inboundEmailOutcomes = [
  'question',
  'follow-up',
  'not a question',
  'unreadable',
  'too large',
] as const;
export type InboundEmailOutcome = (typeof inboundEmailOutcomes)[number];

/** Who wrote a message of a conversation: the customer, or the bakery (a person sending a reply). */
export const messageAuthors = ['customer', 'bakery'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** How a drafting run ended: the agent's own stops, or a request that failed outright. */
export const stopKinds = [
  'answered',
  'outOfTurns',
  'outOfTokens',
  'outOfBudget',
  'modelStopped',
  'failed',
] as const satisfies readonly (AgentStopKind | 'failed')[];
export type StopKind = (typeof stopKinds)[number];

/** Why a run marked its question for a person; the agent names them, the runs table stores them. */
export { type NeedsPersonReason, needsPersonReasons } from './agent/types';

/**
 * Where a reply's email stands: waiting for the delivery worker (or for its next try after a
 * temporary failure), being handed to the mail server, accepted by it, or refused for good.
 */
export const emailDeliveryStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];
