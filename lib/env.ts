import { isIP } from 'node:net';
import { z } from 'zod';
import { mailboxAddress } from './mail/address';
import { allowedHostNames, hostName } from './net/allowed-hosts';
import { parseTrustedProxies } from './net/ip-address';
import { readOriginList } from './widget/origins';

/**
 * Every setting the desk reads from the environment, validated once. Nothing else in the
 * project reads process.env for configuration, so the README's table can be checked here.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));
const wholeNumber = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(fallback));

/** An address's scheme; null when it is no address (zod runs refinements after z.url() fails). */
const schemeOf = (value: string) => (URL.canParse(value) ? new URL(value).protocol : null);

/** A mail server's address: the scheme says the protocol and whether TLS starts at once. */
const mailUrl = (schemes: string[]) =>
  z.url().refine((value) => schemes.includes(schemeOf(value) ?? ''), {
    message: `must start with ${schemes.map((s) => `${s}//`).join(' or ')}`,
  });

/** Checked whole by `npm start` and `npm run worker` before anything starts (lib/config-problems). */
/** The model each provider drafts with when neither the environment nor Settings names one. */
export const DEFAULT_CLAUDE_MODEL = 'claude-opus-5-5';
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1';

export const envSchema = z
  .object({
    // `npm start` serves on PORT at HOST (scripts/start.mjs passes them to `next start`).
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65_535).default(3000)),
    HOST: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((value) => isIP(value) !== 0 || hostName(value) !== null, {
          message: 'must be an address of this machine or a host name',
        })
        .default('127.0.0.1'),
    ),
    // The logs' detail and form (server/log-core.mjs); unset LOG_FORMAT: pretty in a terminal.
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    ),
    LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
    DATABASE_PATH: z.preprocess(emptyAsUndefined, z.string().default('data/bakery.db')),
    // Set, the desk runs on this PostgreSQL database instead of the SQLite file.
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url()
        .refine((value) => ['postgres:', 'postgresql:'].includes(schemeOf(value) ?? ''), {
          message: 'must start with postgres:// or postgresql://',
        })
        .optional(),
    ),
    /**
     * Where the desk's own SQLite backups go (daily, before a migration, before an upgrade); a
     * relative path is read from the project folder. Unset: `backups` beside the database.
     */
    BACKUP_DIR: optionalString,
    /** How many of those backups are kept; older ones the desk made are removed. */
    BACKUP_KEEP: positiveInt(14),
    /** `off` when the operator backs the database up by other means: no daily backup is taken. */
    DAILY_BACKUP: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    DRAFT_MODEL: z.preprocess(emptyAsUndefined, z.enum(['offline', 'claude', 'openai']).optional()),
    // Defaults applied below: whether the operator set it decides whether Settings may change it.
    CLAUDE_MODEL: optionalString,
    CLAUDE_EFFORT: z.preprocess(
      emptyAsUndefined,
      z.enum(['low', 'medium', 'high', 'max']).default('medium'),
    ),
    CLAUDE_MAX_TOKENS: positiveInt(2048),
    CLAUDE_TIMEOUT_MS: positiveInt(60_000),
    CLAUDE_IDLE_TIMEOUT_MS: positiveInt(30_000),
    CLAUDE_MAX_RETRIES: wholeNumber(2),
    OPENAI_API_KEY: optionalString,
    // A local server's address ends in /v1 (Ollama: http://127.0.0.1:11434/v1).
    OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    OPENAI_MODEL: optionalString,
    OPENAI_STRICT: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
    OPENAI_MAX_TOKENS: positiveInt(2048),
    OPENAI_TIMEOUT_MS: positiveInt(60_000),
    OPENAI_IDLE_TIMEOUT_MS: positiveInt(30_000),
    OPENAI_MAX_RETRIES: wholeNumber(2),
    DRAFT_MAX_TURNS: positiveInt(6),
    DRAFT_MAX_TOKENS: positiveInt(60_000),
    DRAFT_MAX_DOLLARS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(0.5)),
    DRAFT_DAILY_DOLLARS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(10)),
    DRAFT_CONCURRENCY: positiveInt(2),
    DRAFT_MAX_ATTEMPTS: positiveInt(3),
    DRAFT_LEASE_MS: positiveInt(60_000),
    DRAFT_WORKER: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
    INTAKE_API_KEY: optionalString,
    PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    // A shop computer: one working day from sign-in, and half an hour left unattended.
    SESSION_MAX_HOURS: positiveInt(12),
    SESSION_IDLE_MINUTES: positiveInt(30),
    /**
     * How often an open question page says its person is still there, and how long after the
     * last heartbeat the person is taken to have left (a closed tab sends no goodbye).
     */
    PRESENCE_HEARTBEAT_MS: positiveInt(10_000),
    PRESENCE_EXPIRY_MS: positiveInt(25_000),
    /**
     * Signs device cookies (lib/auth/device-cookie.ts); servers sharing a database should share
     * it. Unset, a random key is kept beside the database (`<DATABASE_PATH>-device-key`, 0600).
     */
    DEVICE_COOKIE_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, { message: 'use at least 32 characters' }).optional(),
    ),
    /**
     * Seals the API keys and passwords the owner enters in Settings (lib/secrets); servers
     * sharing a database must share it. Unset, a random key is kept in `desk-secret.key` beside
     * the database (0600): back it up with the database, or those secrets must be entered again.
     */
    DESK_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, { message: 'use at least 32 characters' }).optional(),
    ),
    ALLOWED_HOSTS: optionalString,
    TRUSTED_PROXIES: optionalString,
    /** Lets a scraper elsewhere read GET /metrics as `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, { message: 'use at least 32 characters' }).optional(),
    ),
    /** Websites allowed to show the "Ask us" panel, beside those the owner lists in Settings. */
    WIDGET_ORIGINS: optionalString,
    // Email: replies go out through SMTP_URL from MAIL_FROM; customers' emails come in from
    // IMAP_URL's mailbox. Unset, the desk works without email.
    SMTP_URL: z.preprocess(emptyAsUndefined, mailUrl(['smtp:', 'smtps:']).optional()),
    MAIL_FROM: optionalString,
    /** How long a delivery worker holds an email it is handing to the server before another may. */
    MAIL_LEASE_MS: positiveInt(60_000),
    IMAP_URL: z.preprocess(emptyAsUndefined, mailUrl(['imap:', 'imaps:']).optional()),
    IMAP_POLL_MS: positiveInt(30_000),
    /** Where handled mail is moved; unset, it is only marked seen. */
    IMAP_DONE_FOLDER: optionalString,
    /**
     * The mailbox server's own authserv-id: only its Authentication-Results headers are
     * believed (a sender can write any other). Unset, no email's DMARC or SPF is read.
     */
    IMAP_AUTHSERV_ID: optionalString,
    /**
     * The largest email read: a larger one is kept with its headers and size as "too large" and
     * never fetched whole; every email is read from at most this many bytes.
     */
    MAIL_MAX_BYTES: positiveInt(10_485_760),
    /** `npm run bench` turns on an empty route (POST /api/bench-floor) to measure Next's floor. */
    BENCH_FLOOR: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  })
  .superRefine((env, ctx) => {
    const hosts = allowedHostNames({
      publicBaseUrl: env.PUBLIC_BASE_URL,
      allowedHosts: env.ALLOWED_HOSTS,
    });
    if (!hosts.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOWED_HOSTS'],
        message: `not host names: ${hosts.invalid.join(', ')}`,
      });
    }
    const proxies = parseTrustedProxies(env.TRUSTED_PROXIES);
    if (!proxies.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_PROXIES'],
        message: `not addresses or CIDR ranges: ${proxies.invalid.join(', ')}`,
      });
    }
    const widgetOrigins = readOriginList(env.WIDGET_ORIGINS);
    if (!widgetOrigins.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['WIDGET_ORIGINS'],
        message: `not website origins (https://host or https://host:port, no path): ${widgetOrigins.problems.map((p) => p.text).join(', ')}`,
      });
    }
    if (env.PRESENCE_EXPIRY_MS <= env.PRESENCE_HEARTBEAT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PRESENCE_EXPIRY_MS'],
        message: 'must be longer than PRESENCE_HEARTBEAT_MS, or people seem to come and go',
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'set it with SMTP_URL: the address replies are sent from',
      });
    }
    if (env.MAIL_FROM && !mailboxAddress(env.MAIL_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'not an email address (e.g. "Juniper Bakery <hello@juniper.example>")',
      });
    }
    if (env.SMTP_URL && !env.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message: 'set it with SMTP_URL: emailed replies link to the ticket page at this address',
      });
    }
  })
  .transform((env) => {
    // Both were checked just above; the fallbacks only satisfy the types.
    const hosts = allowedHostNames({
      publicBaseUrl: env.PUBLIC_BASE_URL,
      allowedHosts: env.ALLOWED_HOSTS,
    });
    const proxies = parseTrustedProxies(env.TRUSTED_PROXIES);
    const widgetOrigins = readOriginList(env.WIDGET_ORIGINS);
    return {
      ...env,
      /** Host names served in production: localhost, PUBLIC_BASE_URL's and ALLOWED_HOSTS. */
      allowedHostNames: hosts.ok ? hosts.hosts : [],
      /** Proxies whose X-Forwarded-For is read; empty: the header is never read. */
      trustedProxies: proxies.ok ? proxies.proxies : [],
      /** WIDGET_ORIGINS as origins in normal form; the owner's list in Settings adds to them. */
      widgetOrigins: widgetOrigins.ok ? widgetOrigins.origins : [],
      DRAFT_MODEL: env.DRAFT_MODEL ?? (env.ANTHROPIC_API_KEY ? 'claude' : 'offline'),
      CLAUDE_MODEL: env.CLAUDE_MODEL ?? DEFAULT_CLAUDE_MODEL,
      OPENAI_MODEL: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
      /**
       * Which model settings the operator set in the environment: those win over what the owner
       * saves in Settings (lib/model-settings), and Settings shows them read-only.
       */
      modelSetInEnvironment: {
        DRAFT_MODEL: env.DRAFT_MODEL !== undefined,
        CLAUDE_MODEL: env.CLAUDE_MODEL !== undefined,
        OPENAI_MODEL: env.OPENAI_MODEL !== undefined,
      },
    };
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
