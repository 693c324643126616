import 'server-only';
import { env } from '@/lib/env';
import * as postgres from './schema-postgres';
import * as sqlite from './schema-sqlite';

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
export type {
  AgentRun,
  AuditEntry,
  BackupRun,
  Bakery,
  Connection,
  ConversationNote,
  DateException,
  FactChange,
  InboundEmailAttempt,
  InboundEmailRow,
  KnowledgeEntry,
  Label,
  MailChannel,
  MenuItem,
  Message,
  NewMessage,
  OutboundEmail,
  Question,
  RecoveryCode,
  Reply,
  ReplyFeedback,
  Session,
  SignInChallenge,
  Snippet,
  StaffInvite,
  TicketToken,
  ToolCall,
  User,
  WeeklyHours,
} from './schema-sqlite';

/**
 * The tables every query function reads and writes: PostgreSQL's when DATABASE_URL is set,
 * SQLite's otherwise, chosen once as the process starts. Both are built from one description
 * (`db/tables.ts`) with the same names and the same row types, so the query functions are
 * written once against SQLite's types and drizzle writes each engine's SQL from the table it
 * is given. What differs between the engines is named in `db/dialect/`.
 */
export const onPostgres = env().DATABASE_URL !== undefined;
const engine = (onPostgres ? postgres : sqlite) as unknown as typeof sqlite;

export const bakery = engine.bakery;
export const weeklyHours = engine.weeklyHours;
export const dateExceptions = engine.dateExceptions;
export const menuItems = engine.menuItems;
export const knowledgeEntries = engine.knowledgeEntries;
export const factChanges = engine.factChanges;
export const questions = engine.questions;
export const questionStatusCounts = engine.questionStatusCounts;
export const dashboardQuarterHours = engine.dashboardQuarterHours;
export const firstReplies = engine.firstReplies;
export const agentRuns = engine.agentRuns;
export const toolCalls = engine.toolCalls;
export const users = engine.users;
export const sessions = engine.sessions;
export const signInChallenges = engine.signInChallenges;
export const recoveryCodes = engine.recoveryCodes;
export const signInFailures = engine.signInFailures;
export const rateLimitHits = engine.rateLimitHits;
export const replies = engine.replies;
export const messages = engine.messages;
export const ticketTokens = engine.ticketTokens;
export const replacedTicketLinks = engine.replacedTicketLinks;
export const emailOutbox = engine.emailOutbox;
export const inboundEmails = engine.inboundEmails;
export const inboundEmailAttempts = engine.inboundEmailAttempts;
export const mailChannels = engine.mailChannels;
export const connections = engine.connections;
export const staffInvites = engine.staffInvites;
export const conversationNotes = engine.conversationNotes;
export const replyFeedback = engine.replyFeedback;
export const snippets = engine.snippets;
export const labels = engine.labels;
export const conversationLabels = engine.conversationLabels;
export const auditLog = engine.auditLog;
export const dataMigrations = engine.dataMigrations;
export const backupRuns = engine.backupRuns;
