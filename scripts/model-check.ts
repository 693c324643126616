// `npm run model:check`: one real request to the configured Claude model with the desk's real
// tools and system prompt. Prints a one-line verdict; exits 0 only when the request succeeded.
import { closeDb } from '@/db/client';
import { checkConfiguredModel } from '@/server/model-check';
import { type CommandIo, runAsProcess } from './support/command';

export async function main(_argv: string[], io: CommandIo): Promise<number> {
  const { ok, verdict } = await checkConfiguredModel({ now: new Date() });
  await closeDb();
  io.out(verdict);
  return ok ? 0 : 1;
}

runAsProcess(import.meta.url, main, { name: 'The model check could not run', crashCode: 2 });
