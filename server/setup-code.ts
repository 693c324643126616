import 'server-only';
import { chmodSync, closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hasAnyUser } from '@/db/users';
import { generateSetupCode, setupCodeMatches, setupCodePath } from '@/lib/auth/setup-code';
import { env } from '@/lib/env';
import { logger } from './log';

/**
 * The setup code lives in a file beside the database, readable by its owner only (0600): every
 * server process on that database agrees on one code, it survives a restart until it is used,
 * and the operator can read it again if the console has scrolled away. The server prints it at
 * start while no account exists; it is removed once one does.
 */
function path(): string {
  return setupCodePath(env().DATABASE_PATH);
}

function readCode(): string | null {
  try {
    return readFileSync(path(), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The current code, made now if there is none; null once any account exists. */
export async function currentSetupCode(): Promise<{ code: string; created: boolean } | null> {
  if (await hasAnyUser()) {
    forgetSetupCode();
    return null;
  }
  const existing = readCode();
  if (existing) return { code: existing, created: false };
  const code = generateSetupCode();
  try {
    // `wx`: if another process made one a moment ago, keep theirs.
    const fd = openSync(path(), 'wx', 0o600);
    writeSync(fd, `${code}\n`);
    closeSync(fd);
    chmodSync(path(), 0o600);
    return { code, created: true };
  } catch {
    const theirs = readCode();
    return theirs ? { code: theirs, created: false } : null;
  }
}

export function forgetSetupCode(): void {
  rmSync(path(), { force: true });
}

export async function checkSetupCode(typed: string): Promise<boolean> {
  const current = await currentSetupCode();
  return current !== null && setupCodeMatches(typed, current.code);
}

/** At start-up: prints the code to this server's console while the desk has no account. */
export async function announceSetupCode(): Promise<void> {
  const current = await currentSetupCode();
  if (!current) return;
  // The code is for the person starting the desk, who reads this output: the one line that
  // carries a secret on purpose (it works once, and only while no account exists). A warning,
  // so a log kept at LOG_LEVEL=warn still shows it: the desk waits for someone to act.
  logger('setup').warn(
    [
      'This desk has no accounts yet. To create the owner account, open /setup and enter',
      `the setup code: ${current.code}`,
      `(It is also in ${path()}, readable only by this user; it works once.)`,
    ].join('\n'),
  );
}
