import { sqliteTableOf } from './columns';
import * as tables from './tables';

// The domain's names live in lib/ (which never imports db/); the columns store them.
export {
  type Channel,
  channels,
  type EmailDeliveryStatus,
  emailDeliveryStatuses,
  type MessageAuthor,
  messageAuthors,
  type QuestionStatus,
  questionStatuses,
  type Role,
  roles,
  type StopKind,
  stopKinds,
} from '../lib/domain';

/*
 * The SQLite schema: every table as `db/tables.ts` describes it (what each column and index is
 * for is written there), stored as SQLite stores it (`db/columns.ts`). drizzle-kit generates
 * drizzle/ from these exports; `db/schema-postgres.ts` builds the same tables for PostgreSQL.
 */

export const bakery = sqliteTableOf(tables.bakery);
export const weeklyHours = sqliteTableOf(tables.weeklyHours);
export const dateExceptions = sqliteTableOf(tables.dateExceptions);
export const menuItems = sqliteTableOf(tables.menuItems);
export const knowledgeEntries = sqliteTableOf(tables.knowledgeEntries);
export const factChanges = sqliteTableOf(tables.factChanges);
export const questions = sqliteTableOf(tables.questions);
export const questionStatusCounts = sqliteTableOf(tables.questionStatusCounts);
export const dashboardQuarterHours = sqliteTableOf(tables.dashboardQuarterHours);
export const firstReplies = sqliteTableOf(tables.firstReplies);
export const agentRuns = sqliteTableOf(tables.agentRuns);
export const toolCalls = sqliteTableOf(tables.toolCalls);
export const users = sqliteTableOf(tables.users);
export const sessions = sqliteTableOf(tables.sessions);
export const signInChallenges = sqliteTableOf(tables.signInChallenges);
export const recoveryCodes = sqliteTableOf(tables.recoveryCodes);
export const signInFailures = sqliteTableOf(tables.signInFailures);
export const rateLimitHits = sqliteTableOf(tables.rateLimitHits);
export const replies = sqliteTableOf(tables.replies);
export const messages = sqliteTableOf(tables.messages);
export const ticketTokens = sqliteTableOf(tables.ticketTokens);
export const replacedTicketLinks = sqliteTableOf(tables.replacedTicketLinks);
export const emailOutbox = sqliteTableOf(tables.emailOutbox);
export const inboundEmails = sqliteTableOf(tables.inboundEmails);
export const inboundEmailAttempts = sqliteTableOf(tables.inboundEmailAttempts);
export const mailChannels = sqliteTableOf(tables.mailChannels);
export const connections = sqliteTableOf(tables.connections);
export const staffInvites = sqliteTableOf(tables.staffInvites);
export const conversationNotes = sqliteTableOf(tables.conversationNotes);
export const replyFeedback = sqliteTableOf(tables.replyFeedback);
export const snippets = sqliteTableOf(tables.snippets);
export const labels = sqliteTableOf(tables.labels);
export const conversationLabels = sqliteTableOf(tables.conversationLabels);
export const auditLog = sqliteTableOf(tables.auditLog);
export const dataMigrations = sqliteTableOf(tables.dataMigrations);
export const backupRuns = sqliteTableOf(tables.backupRuns);

export type Bakery = typeof bakery.$inferSelect;
export type WeeklyHours = typeof weeklyHours.$inferSelect;
export type DateException = typeof dateExceptions.$inferSelect;
export type MenuItem = typeof menuItems.$inferSelect;
export type KnowledgeEntry = typeof knowledgeEntries.$inferSelect;
export type FactChange = typeof factChanges.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type AgentRun = typeof agentRuns.$inferSelect;
export type ToolCall = typeof toolCalls.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SignInChallenge = typeof signInChallenges.$inferSelect;
export type RecoveryCode = typeof recoveryCodes.$inferSelect;
export type Reply = typeof replies.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type MailChannel = typeof mailChannels.$inferSelect;
export type TicketToken = typeof ticketTokens.$inferSelect;
export type OutboundEmail = typeof emailOutbox.$inferSelect;
export type InboundEmailRow = typeof inboundEmails.$inferSelect;
export type InboundEmailAttempt = typeof inboundEmailAttempts.$inferSelect;
export type Connection = typeof connections.$inferSelect;
export type StaffInvite = typeof staffInvites.$inferSelect;
export type ConversationNote = typeof conversationNotes.$inferSelect;
export type ReplyFeedback = typeof replyFeedback.$inferSelect;
export type Snippet = typeof snippets.$inferSelect;
export type Label = typeof labels.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type BackupRun = typeof backupRuns.$inferSelect;
