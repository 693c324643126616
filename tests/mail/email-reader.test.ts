import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEmail } from '@/lib/mail/read-email';
import { type EmailReader, ReaderStopped, startEmailReader } from '@/server/mail/email-reader';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/mail', name));
const own = { ownAddresses: ['orders@juniper.example'] };

/** 9 MB of HTML: mailparser's conversion to text takes seconds and hundreds of MB of heap. */
const heavyHtml = Buffer.from(
  `From: Ada <ada@example.com>\r\nSubject: Menu\r\nMessage-ID: <heavy@example.com>\r\nContent-Type: text/html\r\n\r\n${'<div><p>rye <b>loaf</b></p></div>\r\n'.repeat(240_000)}`,
);

describe('the email reader thread', () => {
  const readers: EmailReader[] = [];
  const start = (options?: Parameters<typeof startEmailReader>[0]) => {
    const reader = startEmailReader(options);
    readers.push(reader);
    return reader;
  };
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.stop();
  });

  it('reads an email as readEmail does, with every text storable', async () => {
    const raw = fixture('plain.eml');
    const reader = start();
    expect(await reader.read(raw, own)).toEqual(await readEmail(raw, own));
    const nul = Buffer.from(
      'From: "Ada\0 Lovelace" <ada@example.com>\r\nSubject: Rye\0 loaf\r\nMessage-ID: <n@example.com>\r\nReferences: <a\0b@example.com>\r\n\r\nTwo\0 please\r\n',
    );
    const read = await reader.read(nul, own);
    expect(read.readable).toBe(true);
    if (!read.readable) return;
    expect(JSON.stringify(read)).not.toContain('\\u0000');
    expect(read.email.fromName).toBe('Ada Lovelace');
    expect(read.email.subject).toBe('Rye loaf');
    expect(read.email.references).toEqual(['ab@example.com']);
  }, 30_000);

  it('an email that takes longer than the time limit is unreadable, and the next is read', async () => {
    const reader = start({ timeLimitMs: 500 });
    await reader.read(fixture('plain.eml'), own); // the thread is up before the clock starts
    const began = Date.now();
    const slow = await reader.read(heavyHtml, own);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(slow).toEqual({
      readable: false,
      reason: 'reading it took longer than the 0.5 s allowed',
      messageId: null,
    });
    const next = await reader.read(fixture('plain.eml'), own);
    expect(next.readable).toBe(true);
  }, 60_000);

  it('an email that needs more than the heap limit is unreadable, and the next is read', async () => {
    const reader = start({ heapMb: 64, timeLimitMs: 60_000 });
    const big = await reader.read(heavyHtml, own);
    expect(big).toEqual({
      readable: false,
      reason: 'reading it needed more than the 64 MB of memory it may use',
      messageId: null,
    });
    expect((await reader.read(fixture('plain.eml'), own)).readable).toBe(true);
  }, 60_000);

  it('a thread that dies on an email leaves that email unreadable', async () => {
    const reader = start({
      script: join(import.meta.dirname, '../support/crashing-reader.mjs'),
    });
    expect(await reader.read(fixture('plain.eml'), own)).toEqual({
      readable: false,
      reason: 'the reader stopped while reading it (exit code 7)',
      messageId: null,
    });
  }, 30_000);

  it('stop ends a read in hand at once, without a verdict on the email', async () => {
    const reader = start({ timeLimitMs: 60_000, heapMb: 1024 });
    await reader.read(fixture('plain.eml'), own);
    const reading = reader.read(heavyHtml, own);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const began = Date.now();
    reader.stop();
    await expect(reading).rejects.toBeInstanceOf(ReaderStopped);
    expect(Date.now() - began).toBeLessThan(1_000);
    await expect(reader.read(fixture('plain.eml'), own)).rejects.toBeInstanceOf(ReaderStopped);
  }, 30_000);
});
