import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../scripts/eval';
import { runInProcess } from '../support/command';
import { fakeChat, startFakeOpenAI } from '../support/fake-openai';

const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-eval-'));
const databasePath = join(dir, 'never-written.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function evaluate(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return evaluateWith({}, ...args);
}

/** `npm run eval -- …`, its main run in this process (tests/scripts/commands.test.ts runs the process). */
function evaluateWith(
  environment: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(main, args, {
    name: 'eval',
    env: {
      DATABASE_PATH: databasePath,
      ANTHROPIC_API_KEY: '',
      DRAFT_MODEL: '',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      OPENAI_MODEL: '',
      ...environment,
    },
  });
}

describe('npm run eval', () => {
  it('holds the offline drafter to its pass rate over the whole set, writing nothing', async () => {
    const { code, stdout } = await evaluate('--model', 'offline', '--min-pass', '0.95');
    expect(stdout, stdout).toMatch(/\d+\/\d+ passed \(\d+\.\d%\) with offline drafter/);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^ {2}held-out: \d+\/\d+ passed \(\d+\.\d%\)$/m);
    expect(stdout).toMatch(/^turns: median \d+, max \d+$/m);
    expect(stdout).toMatch(/^dollars: \$0\.0000 in all/m);
    expect(existsSync(databasePath)).toBe(false);
  }, 120_000);

  it('fails below --min-pass, saying which case missed what', async () => {
    const file = join(dir, 'impossible.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'rye-free', question: 'How much is a rye loaf?', must: ['free of charge'] },
        { id: 'rye-price', question: 'How much is a rye loaf?', must: ['$9.00'] },
      ]),
    );
    const { code, stdout } = await evaluate('--min-pass', '0.9', file);
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL rye-free: missing "free of charge"');
    expect(stdout).toContain('PASS rye-price');
    expect(stdout).toContain('1/2 passed (50.0%)');
    expect(stdout).toContain('below the minimum pass rate of 90.0%');

    const json = await evaluate('--json', '--filter', 'rye-price', file);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.summary).toMatchObject({ cases: 1, passed: 1 });
    expect(parsed.cases[0]).toMatchObject({ id: 'rye-price', grade: { pass: true } });
  }, 60_000);

  it('reads sub-folders as their own figures, holding all but held-out to --min-pass', async () => {
    const root = join(dir, 'evals');
    mkdirSync(join(root, 'held-out'), { recursive: true });
    const rye = { question: 'How much is a rye loaf?' };
    writeFileSync(
      join(root, 'prices.json'),
      JSON.stringify([{ id: 'rye', ...rye, must: ['$9.00'] }]),
    );
    writeFileSync(
      join(root, 'held-out', 'prices.json'),
      JSON.stringify([{ id: 'rye-free', ...rye, must: ['free of charge'] }]),
    );
    const all = await evaluate('--min-pass', '0.95', root);
    expect(all.stdout).toContain('FAIL rye-free: missing "free of charge"');
    expect(all.stdout).toContain('1/2 passed (50.0%) with offline drafter, across all folders');
    expect(all.stdout).toContain('  main: 1/1 passed (100.0%)\n  held-out: 0/1 passed (0.0%)');
    expect(all.code, all.stdout).toBe(0);

    const heldOut = await evaluate('--min-pass', '0.95', join(root, 'held-out'));
    expect(heldOut.stdout).toContain('below the minimum pass rate of 95.0%');
    expect(heldOut.code).toBe(1);
  }, 60_000);

  it('runs the cases through an OpenAI-compatible server with --model openai', async () => {
    const file = join(dir, 'rye.json');
    writeFileSync(
      file,
      JSON.stringify([{ id: 'rye-price', question: 'How much is a rye loaf?', must: ['$9.00'] }]),
    );
    const api = await startFakeOpenAI({
      script: [
        fakeChat.calls([{ id: 'call_rye', name: 'menu_item', arguments: { name: 'rye loaf' } }], {
          prompt_tokens: 1800,
          completion_tokens: 20,
        }),
        fakeChat.text('A rye loaf is $9.00.', { prompt_tokens: 1900, completion_tokens: 10 }),
      ],
    });
    try {
      const { code, stdout } = await evaluateWith(
        { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: api.baseURL },
        '--model',
        'openai',
        file,
      );
      expect(stdout).toContain('PASS rye-price');
      expect(stdout).toContain('1/1 passed (100.0%) with gpt-4.1');
      expect(stdout).toMatch(/^tokens: 3,730 in all/m);
      expect(stdout).not.toMatch(/^dollars: \$0\.0000/m);
      expect(code).toBe(0);
      expect(api.requests.map((r) => r.refusal)).toEqual([undefined, undefined]);
    } finally {
      await api.close();
    }
    expect(existsSync(databasePath)).toBe(false);
  }, 60_000);

  it('refuses bad flags and bad case files with a clear message and exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ id: 'x', question: 'q', now: 'Tuesday' }]));
    const cases: [string[], string][] = [
      [['--model', 'gpt-9'], '--model must be offline, claude or openai'],
      [['--min-pass', 'most'], '--min-pass must be a share such as 0.95 or 95'],
      [['--now', 'noon'], '--now must look like 2026-12-01T10:00'],
      [['--now', '2026-13-01T10:00'], '--now must look like 2026-12-01T10:00'],
      [[join(dir, 'missing.json')], 'no such file or folder'],
      [[bad], 'bad.json: 0.now: a bakery-local time such as 2026-12-01T10:00'],
      [['--filter', 'no-case-has-this-name'], 'no case matches'],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await evaluate(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain(message);
    }
    expect(existsSync(databasePath)).toBe(false);
  }, 60_000);
});
