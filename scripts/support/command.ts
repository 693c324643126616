import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeDb } from '@/db/client';
import { readAllStdin } from './terminal';

/**
 * What a command-line script reads and writes besides the database: its arguments, its lines
 * out and its error lines, and (for `user:add`) what was piped in. The process gives the
 * terminal's; a test calls the script's `main` in its own process with lines it collects.
 */
export type CommandIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Marks of progress as they happen, on a line not yet ended. */
  progress: (text: string) => void;
  /** Everything piped to standard input; undefined when a person types at a terminal. */
  pipedInput: () => Promise<string | undefined>;
};

export type Command = (argv: string[], io: CommandIo) => Promise<number>;

/** Ends a command early with its exit code; the message goes to its error lines. */
export class CommandExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a command to its exit code: a CommandExit is its message and code; any other error is
 * `<name>: <message>` and `crashCode`. Each script's process and its tests both go through here.
 */
export async function runCommand(
  main: Command,
  argv: string[],
  io: CommandIo,
  { name, crashCode = 1 }: { name: string; crashCode?: number },
): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof CommandExit) {
      io.err(error.message);
      return error.code;
    }
    io.err(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    return crashCode;
  }
}

export const terminalIo: CommandIo = {
  // Written for a person (results, usage, refusals), not log lines: the desk's own diagnostics
  // go through the logger (server/log.ts).
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  progress: (text) => process.stdout.write(text),
  pipedInput: async () => (process.stdin.isTTY ? undefined : readAllStdin()),
};

/**
 * When `moduleUrl` is the script the process was started with (`npm run …`), runs its command
 * with the process's arguments and terminal, closes the database and exits with the code.
 * Imported by a test, it does nothing.
 */
export function runAsProcess(
  moduleUrl: string,
  main: Command,
  options: { name: string; crashCode?: number },
): void {
  const entry = process.argv[1];
  if (!entry || pathToFileURL(resolve(entry)).href !== moduleUrl) return;
  void runCommand(main, process.argv.slice(2), terminalIo, options).then(async (code) => {
    // Exiting ends the database's connections in any case; closing first flushes them.
    await closeDb().catch(() => undefined);
    process.exit(code);
  });
}
