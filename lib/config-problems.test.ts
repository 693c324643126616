import { describe, expect, it } from 'vitest';
import { configProblems, configReport } from './config-problems';
import { envSchema } from './env';
import { variableHelp } from './env-help';

/** An example as a shell would pass it: quotes gone, a generated secret generated. */
function asSet(example: string): string {
  return example.replace('"$(openssl rand -hex 32)"', 'a'.repeat(64)).replace(/^'(.*)'$/, '$1');
}

describe('the start-up check of the configuration', () => {
  it('finds nothing wrong with an empty environment: every setting has a default', () => {
    expect(configProblems({})).toEqual([]);
  });

  it('has words and an example for every setting the schema reads', () => {
    const variables = Object.keys(envSchema.in.shape);
    expect(variables.length).toBeGreaterThan(40);
    expect(variables.filter((name) => !variableHelp[name])).toEqual([]);
  });

  it('gives examples that are themselves right', () => {
    for (const [variable, help] of Object.entries(variableHelp)) {
      if (!(variable in envSchema.in.shape)) continue;
      // Sending mail needs these beside SMTP_URL; with them, each example stands on its own.
      const withSmtp = { MAIL_FROM: 'hello@juniper.example', PUBLIC_BASE_URL: 'https://d.example' };
      expect(configProblems({ ...withSmtp, [variable]: asSet(help.example) }), variable).toEqual(
        [],
      );
    }
  });

  it.each([
    ['PORT', 'abc', 'PORT is "abc": must be a port number from 1 to 65535', 'PORT=3000'],
    ['PORT', '70000', 'PORT is "70000": must be a port number', 'PORT=3000'],
    ['HOST', 'the shop', 'HOST is "the shop": must be an address of this machine', 'HOST='],
    [
      'DATABASE_URL',
      'not-a-url',
      'DATABASE_URL (value not shown): must be a PostgreSQL address',
      'DATABASE_URL=postgres://',
    ],
    [
      'DATABASE_URL',
      'mysql://db/bakery',
      'must start with postgres:// or postgresql://',
      'DATABASE_URL=postgres://',
    ],
    [
      'ANTHROPIC_BASE_URL',
      'nonsense',
      'ANTHROPIC_BASE_URL is "nonsense": must be a full web address',
      'ANTHROPIC_BASE_URL=https://',
    ],
    [
      'DRAFT_DAILY_DOLLARS',
      '-3',
      'DRAFT_DAILY_DOLLARS is "-3": must be an amount of dollars, 0 or more',
      'DRAFT_DAILY_DOLLARS=10',
    ],
    [
      'DRAFT_MODEL',
      'gpt',
      'DRAFT_MODEL is "gpt": must be offline, claude or openai',
      'DRAFT_MODEL=offline',
    ],
    [
      'SESSION_IDLE_MINUTES',
      '1.5',
      'must be a whole number of minutes, above 0',
      'SESSION_IDLE_MINUTES=30',
    ],
    [
      'DEVICE_COOKIE_SECRET',
      'short',
      'DEVICE_COOKIE_SECRET (value not shown): must be at least 32 characters',
      'DEVICE_COOKIE_SECRET=',
    ],
    [
      'TRUSTED_PROXIES',
      'the router',
      'not addresses or CIDR ranges: the, router',
      'TRUSTED_PROXIES=127.0.0.1',
    ],
  ])(
    'says what is wrong with %s=%s, and what would be right',
    (variable, value, problem, example) => {
      const problems = configProblems({ [variable]: value });
      expect(problems.map((p) => p.variable)).toEqual([variable]);
      const [line] = configReport(problems).slice(1);
      expect(line).toContain(problem);
      expect(line).toContain(`For example: ${example}`);
    },
  );

  it('names the settings SMTP_URL needs with it, one line each', () => {
    const problems = configProblems({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(problems.map((p) => p.variable)).toEqual(['MAIL_FROM', 'PUBLIC_BASE_URL']);
    expect(problems[0]?.problem).toBe(
      'is not set: set it with SMTP_URL: the address replies are sent from',
    );
    const report = configReport(problems);
    expect(report[0]).toBe(
      'Bakery Desk did not start: 2 settings in its environment must be fixed first.',
    );
    expect(report).toHaveLength(3);
  });

  it('never repeats a secret back: an address with a password in it is not shown', () => {
    const report = configReport(
      configProblems({
        SMTP_URL: 'https://desk:hunter2-password@mail.example.com',
        MAIL_FROM: 'hello@juniper.example',
        PUBLIC_BASE_URL: 'https://desk.example.com',
        IMAP_URL: 'pop3://desk:hunter2-password@mail.example.com',
        DATABASE_URL: 'mysql://desk:hunter2-password@db',
      }),
    ).join('\n');
    expect(report).toContain('SMTP_URL (value not shown): must start with smtp:// or smtps://');
    expect(report).toContain('IMAP_URL (value not shown)');
    expect(report).toContain('DATABASE_URL (value not shown)');
    expect(report).not.toContain('hunter2');
  });

  it('quotes a long value shortened, and control characters escaped', () => {
    const [problem] = configProblems({ CLAUDE_EFFORT: `${'x'.repeat(100)}\n` });
    expect(problem?.problem).toBe(`is "${'x'.repeat(60)}…": must be low, medium, high or max`);
    const [control] = configProblems({ OPENAI_STRICT: 'on\u001b[2J' });
    expect(control?.problem).toContain('is "on\\u001b[2J"');
  });
});
