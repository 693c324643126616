import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { envSchema } from '@/lib/env';
import { logTo, namedIds, outsideRequest } from '@/server/log';
import {
  createLogger,
  LOG_LEVELS,
  loggedPath,
  logSettings,
  requestContext,
  requestIdFor,
} from '@/server/log-core.mjs';

/** A logger writing JSON lines into an array, as the process's would to its output. */
function capture(level: 'trace' | 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const log = createLogger({ level, format: 'json', destination });
  return { log, lines, parsed: () => lines.map((line) => JSON.parse(line)) };
}

describe('the logger', () => {
  it('writes one JSON object a line, with its level by name and an ISO time', () => {
    const { log, parsed } = capture();
    log.info({ questionId: 4 }, 'drafted');
    log.debug('not at info');
    expect(parsed()).toEqual([
      { level: 'info', time: expect.any(String), questionId: 4, msg: 'drafted' },
    ]);
    expect(new Date(parsed()[0].time).toISOString()).toBe(parsed()[0].time);
  });

  it('never writes secrets, credentials or customers’ words, at the top, nested, in errors or in a child’s bindings', () => {
    const { log, lines } = capture();
    const secrets = {
      password: 'Rye-Secret-Password-1',
      apiKey: 'sk-ant-Secret-Key-2',
      token: 'ticket-Secret-Token-3',
      text: 'Customer-Words-Marker-4',
      subject: 'Customer-Subject-Marker-5',
      email: 'customer-marker-6@example.com',
    };
    log.info(secrets, 'top level');
    log.info(
      {
        request: {
          headers: { authorization: 'Bearer Secret-Bearer-7', cookie: 'sid=Secret-Cookie-8' },
        },
      },
      'headers',
    );
    log.info({ question: { body: 'Customer-Body-Marker-9', reply: 'Reply-Marker-10' } }, 'nested');
    log.info({ settings: { smtp: { pass: 'Smtp-Secret-11' } } }, 'two levels down');
    log.error(
      { err: Object.assign(new Error('failed'), { auth: { pass: 'Secret-Auth-12' } }) },
      'err',
    );
    log
      .child({ setupCode: 'SETUP-CODE-13', SMTP_URL: 'smtp://u:Secret-Url-14@host' })
      .info('child');
    log.info({ headers: { 'set-cookie': 'sid=Secret-Cookie-15' } }, 'response');

    const written = lines.join('\n');
    for (const secret of [
      ...Object.values(secrets),
      'Secret-Bearer-7',
      'Secret-Cookie-8',
      'Customer-Body-Marker-9',
      'Reply-Marker-10',
      'Smtp-Secret-11',
      'Secret-Auth-12',
      'SETUP-CODE-13',
      'Secret-Url-14',
      'Secret-Cookie-15',
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(lines).toHaveLength(7);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      password: '[redacted]',
      text: '[redacted]',
    });
    // What is not secret stays readable: an error's message and code, ids, messages.
    log.error(
      { err: Object.assign(new Error('SQLITE_BUSY'), { code: 'SQLITE_BUSY' }), questionId: 3 },
      'x',
    );
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({
      questionId: 3,
      err: { message: 'SQLITE_BUSY', code: 'SQLITE_BUSY', type: 'Error' },
      msg: 'x',
    });
  });

  it('stamps the id of the request being answered on every line written while answering it', async () => {
    const { log, parsed } = capture();
    log.info('before');
    await requestContext.run({ requestId: 'req-12345678' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.child({ area: 'drafting' }).info('inside');
    });
    log.info('after');
    expect(parsed().map((line) => line.requestId)).toEqual([undefined, 'req-12345678', undefined]);
  });

  it('leaves the request’s id off what a request starts to outlive it', async () => {
    const { log, parsed } = capture();
    let later: Promise<void> = Promise.resolve();
    await requestContext.run({ requestId: 'req-87654321' }, async () => {
      log.info('the request');
      later = outsideRequest(() =>
        new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => log.info('a worker')),
      );
    });
    await later;
    expect(parsed().map((line) => [line.msg, line.requestId])).toEqual([
      ['the request', 'req-87654321'],
      ['a worker', undefined],
    ]);
  });

  it('keeps a client’s well-formed request id and replaces any other', () => {
    expect(requestIdFor('abc-1234_5.6:7')).toBe('abc-1234_5.6:7');
    for (const bad of [
      undefined,
      '',
      'short',
      'x'.repeat(65),
      'has space 12345',
      'a\nb-12345678',
      ['a-12345678'],
    ]) {
      expect(requestIdFor(bad)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });

  it('logs a path without its query string, and without the token of a ticket or invite link', () => {
    expect(loggedPath('/inbox/4?q=refund&page=2')).toBe('/inbox/4');
    expect(loggedPath('/t/AbC_secret-token')).toBe('/t/[token]');
    expect(loggedPath('/t/AbC_secret-token/events')).toBe('/t/[token]/events');
    expect(loggedPath('/t/AbC/feedback/3?x=1')).toBe('/t/[token]/feedback/3');
    expect(loggedPath('/widget/t/AbC_secret')).toBe('/widget/t/[token]');
    expect(loggedPath('/join/invite-secret')).toBe('/join/[token]');
    expect(loggedPath('/ask')).toBe('/ask');
    expect(loggedPath(undefined)).toBe('/');
  });

  it('reads LOG_LEVEL and LOG_FORMAT, pretty only in a terminal unless told', () => {
    expect(logSettings({}, { isTTY: true })).toEqual({ level: 'info', format: 'pretty' });
    expect(logSettings({}, { isTTY: false })).toEqual({ level: 'info', format: 'json' });
    expect(logSettings({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' }, { isTTY: true })).toEqual({
      level: 'warn',
      format: 'json',
    });
    // The start-up check takes exactly the levels the logger knows.
    for (const level of LOG_LEVELS) {
      expect(envSchema.safeParse({ LOG_LEVEL: level }).success).toBe(true);
    }
    expect(envSchema.safeParse({ LOG_LEVEL: 'verbose' }).success).toBe(false);
    expect(envSchema.safeParse({ LOG_FORMAT: 'xml' }).success).toBe(false);
  });

  it('gives the workers’ lines their level and facts, and the question or reply they name', () => {
    const { log, parsed } = capture();
    const line = logTo(log);
    line('slot 0: question 12: crashed', { level: 'error' });
    line('reply 7 emailed: 250 OK');
    line('email uid 3: stored in conversation 9', { uid: 3 });
    line('started with 2 slot(s)');
    expect(parsed()).toEqual([
      expect.objectContaining({
        level: 'error',
        questionId: 12,
        msg: 'slot 0: question 12: crashed',
      }),
      expect.objectContaining({ level: 'info', replyId: 7 }),
      expect.objectContaining({ questionId: 9, uid: 3 }),
      expect.not.objectContaining({ questionId: expect.anything() }),
    ]);
    expect(namedIds('question 4 and reply 5')).toEqual({ questionId: 4, replyId: 5 });
  });
});
