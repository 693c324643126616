/**
 * What each setting in lib/env.ts must be, in words, with a value that works: the start-up check
 * (lib/config-problems.ts) says these to whoever set a variable wrong. `secret` settings are
 * never echoed back, since a log of a failed start is often shared.
 */
export type VariableHelp = { expect: string; example: string; secret?: true };

const wholeNumber = (unit: string, example: number) => ({
  expect: `a whole number of ${unit}, above 0`,
  example: String(example),
});
const retries = { expect: 'a whole number, 0 or more', example: '2' };
const onOff = (example: 'on' | 'off') => ({ expect: 'on or off', example });
const webAddress = (example: string) => ({
  expect: 'a full web address, starting with https:// or http://',
  example,
});

export const variableHelp: Record<string, VariableHelp> = {
  PORT: { expect: 'a port number from 1 to 65535', example: '3000' },
  HOST: {
    expect: 'an address of this machine (0.0.0.0 for every one) or its host name',
    example: '127.0.0.1',
  },
  LOG_LEVEL: {
    expect: 'trace, debug, info, warn, error, fatal or silent',
    example: 'info',
  },
  LOG_FORMAT: { expect: 'json or pretty', example: 'json' },
  DATABASE_PATH: { expect: 'the path of the SQLite file', example: 'data/bakery.db' },
  DATABASE_URL: {
    expect: 'a PostgreSQL address starting with postgres:// or postgresql://',
    example: 'postgres://desk:password@db.example.com:5432/bakery',
    secret: true,
  },
  BACKUP_DIR: {
    expect: 'a folder for the desk’s backups (relative paths start at the project folder)',
    example: 'data/backups',
  },
  BACKUP_KEEP: wholeNumber('backups to keep', 14),
  DAILY_BACKUP: onOff('on'),
  ANTHROPIC_API_KEY: { expect: 'an Anthropic API key', example: 'sk-ant-…', secret: true },
  ANTHROPIC_BASE_URL: webAddress('https://api.anthropic.com'),
  DRAFT_MODEL: { expect: 'offline, claude or openai', example: 'offline' },
  CLAUDE_MODEL: { expect: 'a Claude model id', example: 'claude-opus-5-5' },
  CLAUDE_EFFORT: { expect: 'low, medium, high or max', example: 'medium' },
  CLAUDE_MAX_TOKENS: wholeNumber('tokens', 2048),
  CLAUDE_TIMEOUT_MS: wholeNumber('milliseconds', 60_000),
  CLAUDE_IDLE_TIMEOUT_MS: wholeNumber('milliseconds', 30_000),
  CLAUDE_MAX_RETRIES: retries,
  OPENAI_API_KEY: { expect: 'an OpenAI API key', example: 'sk-…', secret: true },
  OPENAI_BASE_URL: webAddress('http://127.0.0.1:11434/v1'),
  OPENAI_MODEL: { expect: 'a model id, as the server names it', example: 'gpt-4.1' },
  OPENAI_STRICT: onOff('on'),
  OPENAI_MAX_TOKENS: wholeNumber('tokens', 2048),
  OPENAI_TIMEOUT_MS: wholeNumber('milliseconds', 60_000),
  OPENAI_IDLE_TIMEOUT_MS: wholeNumber('milliseconds', 30_000),
  OPENAI_MAX_RETRIES: retries,
  DRAFT_MAX_TURNS: wholeNumber('turns', 6),
  DRAFT_MAX_TOKENS: wholeNumber('tokens', 60_000),
  DRAFT_MAX_DOLLARS: { expect: 'an amount of dollars above 0', example: '0.5' },
  DRAFT_DAILY_DOLLARS: { expect: 'an amount of dollars, 0 or more', example: '10' },
  DRAFT_CONCURRENCY: wholeNumber('drafts', 2),
  DRAFT_MAX_ATTEMPTS: wholeNumber('attempts', 3),
  DRAFT_LEASE_MS: wholeNumber('milliseconds', 60_000),
  DRAFT_WORKER: onOff('on'),
  INTAKE_API_KEY: {
    expect: 'a long random key',
    example: '"$(openssl rand -hex 32)"',
    secret: true,
  },
  PUBLIC_BASE_URL: webAddress('https://desk.example.com'),
  SESSION_MAX_HOURS: wholeNumber('hours', 12),
  SESSION_IDLE_MINUTES: wholeNumber('minutes', 30),
  PRESENCE_HEARTBEAT_MS: wholeNumber('milliseconds', 10_000),
  PRESENCE_EXPIRY_MS: {
    expect: 'a whole number of milliseconds, longer than PRESENCE_HEARTBEAT_MS',
    example: '25000',
  },
  DEVICE_COOKIE_SECRET: {
    expect: 'at least 32 characters',
    example: '"$(openssl rand -hex 32)"',
    secret: true,
  },
  DESK_SECRET: {
    expect: 'at least 32 characters',
    example: '"$(openssl rand -hex 32)"',
    secret: true,
  },
  ALLOWED_HOSTS: {
    expect: 'host names or addresses, separated by commas',
    example: 'bakery.lan,192.168.1.20',
  },
  TRUSTED_PROXIES: {
    expect: 'addresses or CIDR ranges of your own proxies, separated by commas',
    example: '127.0.0.1,10.0.0.0/8',
  },
  METRICS_TOKEN: {
    expect: 'at least 32 characters',
    example: '"$(openssl rand -hex 32)"',
    secret: true,
  },
  WIDGET_ORIGINS: {
    expect: 'website origins (https://host, optionally :port, no path), separated by commas',
    example: 'https://juniper.example,https://www.juniper.example',
  },
  SMTP_URL: {
    expect: 'a mail server address starting with smtps:// or smtp://',
    example: 'smtps://user:password@mail.example.com:465',
    secret: true,
  },
  MAIL_FROM: {
    expect: 'the email address replies are sent from',
    example: "'Juniper Street Bakery <hello@juniper.example>'",
  },
  MAIL_LEASE_MS: wholeNumber('milliseconds', 60_000),
  IMAP_URL: {
    expect: 'a mailbox address starting with imaps:// or imap://',
    example: 'imaps://user:password@mail.example.com:993/INBOX',
    secret: true,
  },
  IMAP_POLL_MS: wholeNumber('milliseconds', 30_000),
  IMAP_DONE_FOLDER: { expect: 'a folder name', example: 'Archive' },
  IMAP_AUTHSERV_ID: { expect: "the mailbox server's name", example: 'mx.juniper.example' },
  MAIL_MAX_BYTES: wholeNumber('bytes', 10_485_760),
  BENCH_FLOOR: onOff('off'),
};
