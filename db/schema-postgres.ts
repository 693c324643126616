import { pgTableOf } from './columns';
import * as tables from './tables';

/*
 * The PostgreSQL schema: the same tables as `db/schema-sqlite.ts`, from the same description
 * (`db/tables.ts`), stored as PostgreSQL stores them (`db/columns.ts`: booleans, instants as
 * bigint milliseconds like SQLite's, jsonb, bytea, identity ids). drizzle-kit generates
 * drizzle-postgres/ from these exports (`drizzle-postgres.config.ts`); the status counts'
 * triggers, the knowledge search and the change notices are custom migrations there. The rows
 * have the same TypeScript types as SQLite's.
 */

export const bakery = pgTableOf(tables.bakery);
export const weeklyHours = pgTableOf(tables.weeklyHours);
export const dateExceptions = pgTableOf(tables.dateExceptions);
export const menuItems = pgTableOf(tables.menuItems);
export const knowledgeEntries = pgTableOf(tables.knowledgeEntries);
export const factChanges = pgTableOf(tables.factChanges);
export const questions = pgTableOf(tables.questions);
export const questionStatusCounts = pgTableOf(tables.questionStatusCounts);
export const dashboardQuarterHours = pgTableOf(tables.dashboardQuarterHours);
export const firstReplies = pgTableOf(tables.firstReplies);
export const agentRuns = pgTableOf(tables.agentRuns);
export const toolCalls = pgTableOf(tables.toolCalls);
export const users = pgTableOf(tables.users);
export const sessions = pgTableOf(tables.sessions);
export const signInChallenges = pgTableOf(tables.signInChallenges);
export const recoveryCodes = pgTableOf(tables.recoveryCodes);
export const signInFailures = pgTableOf(tables.signInFailures);
export const rateLimitHits = pgTableOf(tables.rateLimitHits);
export const replies = pgTableOf(tables.replies);
export const messages = pgTableOf(tables.messages);
export const ticketTokens = pgTableOf(tables.ticketTokens);
export const replacedTicketLinks = pgTableOf(tables.replacedTicketLinks);
export const emailOutbox = pgTableOf(tables.emailOutbox);
export const inboundEmails = pgTableOf(tables.inboundEmails);
export const inboundEmailAttempts = pgTableOf(tables.inboundEmailAttempts);
export const mailChannels = pgTableOf(tables.mailChannels);
export const connections = pgTableOf(tables.connections);
export const staffInvites = pgTableOf(tables.staffInvites);
export const conversationNotes = pgTableOf(tables.conversationNotes);
export const replyFeedback = pgTableOf(tables.replyFeedback);
export const snippets = pgTableOf(tables.snippets);
export const labels = pgTableOf(tables.labels);
export const conversationLabels = pgTableOf(tables.conversationLabels);
export const auditLog = pgTableOf(tables.auditLog);
export const dataMigrations = pgTableOf(tables.dataMigrations);
export const backupRuns = pgTableOf(tables.backupRuns);
