import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../scripts/draft';
import { type CommandResult, runInProcess } from '../support/command';
import { fake, startFakeAnthropic } from '../support/fake-anthropic';
import { fakeChat, seedQuestionCalls, startFakeOpenAI } from '../support/fake-openai';
import { scenario } from '../support/scenario';

const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-draft-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seedQuestion = 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?';

function draft(...args: string[]) {
  return draftWith({}, ...args);
}

/**
 * `npm run draft -- --now 2026-12-01T10:00 …`, its main run in this process (a run that exits
 * other than 0 is thrown, as execFile does); tests/scripts/commands.test.ts runs it as a process.
 */
async function draftWith(
  environment: Record<string, string>,
  ...args: string[]
): Promise<CommandResult> {
  const result = await runInProcess(main, ['--now', '2026-12-01T10:00', ...args], {
    name: 'draft',
    env: {
      DATABASE_PATH: join(dir, 'desk.db'),
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
      DRAFT_MODEL: '',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      OPENAI_MODEL: '',
      ...environment,
    },
  });
  if (result.code !== 0) throw result;
  return result;
}

describe('npm run draft', () => {
  scenario('The command-line drafter prints the trace, the stop and the draft', async () => {
    const { stdout } = await draft(seedQuestion);
    expect(stdout).toContain('c1 menu_item {"name":"croissants"}');
    expect(stdout).toContain('   error notFound: the menu has no croissants. It has: ');
    expect(stdout).toContain('c2 quote_order ');
    expect(stdout).toContain('answered after 2 turns, 0 tokens, $0.0000 (offline drafter)');
    const draftText = stdout.slice(stdout.indexOf('answered after'));
    for (const fact of [
      '$36.00',
      "2 days' notice",
      'please order by Thursday, December 3',
      "we don't make croissants",
      '8 am to 1 pm',
      'Saturday, December 5 at 9 am works',
    ]) {
      expect(draftText).toContain(fact);
    }
  });

  scenario('The command-line drafter reads relative days as of --asked-at', async () => {
    // A later --now wins over the one every call here starts with.
    const { stdout } = await draft(
      '--now',
      '2026-12-05T00:20',
      '--asked-at',
      '2026-12-04T23:55',
      'Are you open tomorrow?',
    );
    expect(stdout).toContain('c1 opening_hours {"day":"tomorrow"}');
    expect(stdout).toContain('"date":"2026-12-05"');
    expect(stdout).toContain("On Saturday, December 5 we're open 8 am to 1 pm.");
    const refused = await draft('--asked-at', '2026-12-01T10:30', 'Are you open tomorrow?').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('--asked-at must not be after --now');
  });

  scenario('The command-line drafter prints only JSON with --json', async () => {
    const { stdout } = await draft('--json', seedQuestion);
    const parsed = JSON.parse(stdout);
    expect(parsed.stop.kind).toBe('answered');
    expect(parsed.stop.text).toContain('$36.00');
    expect(parsed.spent).toMatchObject({ turns: 2, costUsd: 0 });
    expect(parsed.steps[0]).toMatchObject({
      call: { id: 'c1', name: 'menu_item', input: { name: 'croissants' } },
      result: { isError: true, errorKind: 'notFound' },
    });
    expect(parsed.steps[0].result.content).toContain('rye loaf');
  });

  scenario(
    'The command-line drafter shows a mark for a person, in the trace and in JSON',
    async () => {
      const api = await startFakeAnthropic({
        script: [
          fake.toolUse([
            {
              id: 'toolu_1',
              name: 'mark_for_person',
              input: { reason: 'allergens', note: 'sesame in the rye loaf' },
            },
          ]),
          fake.text('A person at the bakery will check about sesame and reply soon.'),
          fake.toolUse([
            {
              id: 'toolu_2',
              name: 'mark_for_person',
              input: { reason: 'allergens', note: 'sesame in the rye loaf' },
            },
          ]),
          fake.text('A person at the bakery will check about sesame and reply soon.'),
        ],
      });
      try {
        const claude = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: api.url };
        const question = 'Does the rye loaf have sesame? I am allergic.';
        const json = JSON.parse((await draftWith(claude, '--json', question)).stdout);
        expect(json.needsPerson).toEqual({ reason: 'allergens', note: 'sesame in the rye loaf' });
        const { stdout } = await draftWith(claude, question);
        expect(stdout).toContain('needs a person: allergens (sesame in the rye loaf)');
      } finally {
        await api.close();
      }
    },
  );

  it('drafts the seed question through an OpenAI-compatible server, two lookups in one turn', async () => {
    const answer =
      'Two dozen sourdough rolls are $36.00 for Saturday, December 5 at 9 am. We do not make croissants.';
    const api = await startFakeOpenAI({
      script: [
        fakeChat.calls(seedQuestionCalls, { prompt_tokens: 2000, completion_tokens: 80 }),
        fakeChat.text(answer, { prompt_tokens: 2400, completion_tokens: 60, cached_tokens: 1900 }),
      ],
    });
    try {
      const { stdout } = await draftWith(
        { DRAFT_MODEL: 'openai', OPENAI_BASE_URL: api.baseURL },
        '--json',
        seedQuestion,
      );
      const run = JSON.parse(stdout);
      expect(run.model).toBe('gpt-4.1');
      expect(run.stop).toEqual({ kind: 'answered', text: answer });
      expect(
        run.steps.map((s: { turn: number; call: { name: string } }) => [s.turn, s.call.name]),
      ).toEqual([
        [1, 'quote_order'],
        [1, 'menu_item'],
      ]);
      expect(run.steps[0].result.content).toContain('"total":"$36.00"');
      expect(run.steps[1].result).toMatchObject({ isError: true, errorKind: 'notFound' });
      expect(run.spent).toMatchObject({ turns: 2, inputTokens: 2500, cacheReadTokens: 1900 });
      expect(run.spent.costUsd).toBeGreaterThan(0);
      expect(api.requests.map((r) => r.refusal)).toEqual([undefined, undefined]);
      const second = api.requests[1]?.body as {
        messages: { role: string; tool_call_id?: string }[];
      };
      expect(second.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
        'call_rolls',
        'call_croissants',
      ]);
    } finally {
      await api.close();
    }
  });

  it('says a local model with no known price was counted as free', async () => {
    const api = await startFakeOpenAI({
      models: ['llama3.2'],
      script: [
        fakeChat.text('We open at 8 am on Saturday.', {
          prompt_tokens: 900,
          completion_tokens: 12,
        }),
      ],
    });
    try {
      const { stdout } = await draftWith(
        {
          DRAFT_MODEL: 'openai',
          OPENAI_BASE_URL: api.baseURL,
          OPENAI_MODEL: 'llama3.2',
          OPENAI_STRICT: 'off',
        },
        'When do you open Saturday?',
      );
      expect(stdout).toContain(
        'answered after 1 turn, 912 tokens, $0.0000 (no price known for llama3.2; counted as free) (llama3.2)',
      );
    } finally {
      await api.close();
    }
  });

  it('rejects a malformed clock with a clear message', async () => {
    await expect(draft('--now', 'Tuesday', 'hi')).rejects.toMatchObject({
      stderr: expect.stringContaining('--now must look like 2026-12-01T10:00'),
    });
    // The right shape, but no such month or hour.
    for (const clock of ['2026-13-01T10:00', '2026-02-30T10:00', '2026-12-01T25:00']) {
      await expect(draft('--now', clock, 'hi')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          `--now must look like 2026-12-01T10:00 (the bakery's local time), not "${clock}"`,
        ),
      });
    }
  });
});
