import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import { bakeryTools } from '../bakery/tools';
import { answerReply, callsReply, scriptedModel, usage } from '../models/scripted';
import type { AgentEvent, Limits, ModelReply, ModelTurn, ToolResult } from '../types';
import { runAgent } from './run-agent';
import { type AnyTool, defineTool, ok } from './tool';

const roomy: Limits = { maxTurns: 6, maxTokens: 100_000, maxDollars: 5 };
const tools = () =>
  bakeryTools(exampleBakeryData(), { now: tuesdayMorning, askedAt: tuesdayMorning });

const resultsOf = (turn: ModelTurn | undefined): ToolResult[] =>
  turn?.kind === 'toolResults' ? turn.results : [];

/** A tool that counts its runs and answers `{ ok: true }`. */
function countingTool(name = 'lookup'): AnyTool & { runs: unknown[] } {
  const runs: unknown[] = [];
  const tool = defineTool({
    name,
    description: 'Looks something up.',
    schema: z.object({ key: z.string(), other: z.number() }),
    run: (input) => {
      runs.push(input);
      return ok({ ok: true });
    },
  });
  return Object.assign(tool, { runs });
}

describe('the loop', () => {
  scenario("The agent answers from the bakery's own data", async () => {
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'menu_item', input: { name: 'sourdough rolls' } }]),
      (turn) => {
        const [result] = resultsOf(turn);
        const price = JSON.parse(result?.content ?? '{}').price as string;
        return answerReply(`Sourdough rolls are ${price} each.`);
      },
    ]);
    const run = await runAgent({
      model,
      tools: tools(),
      task: 'How much are rolls?',
      limits: roomy,
    });
    expect(run.stop).toEqual({ kind: 'answered', text: 'Sourdough rolls are $1.50 each.' });
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0]?.result).toMatchObject({ callId: 'c1', isError: false });
    expect(run.spent.turns).toBe(2);
    expect(model.turns[0]).toEqual({ kind: 'task', text: 'How much are rolls?', earlier: [] });
  });

  scenario(
    "An item and Saturday's hours are asked for in one turn and go back together in order",
    async () => {
      const model = scriptedModel([
        callsReply([
          { id: 'item', name: 'menu_item', input: { name: 'rye loaf' } },
          { id: 'hours', name: 'opening_hours', input: { day: 'Saturday' } },
        ]),
        answerReply('done'),
      ]);
      const run = await runAgent({ model, tools: tools(), task: 'q', limits: roomy });
      expect(model.turns).toHaveLength(2);
      const results = resultsOf(model.turns[1]);
      expect(results.map((r) => r.callId)).toEqual(['item', 'hours']);
      expect(JSON.parse(results[0]?.content ?? '')).toMatchObject({
        name: 'rye loaf',
        price: '$9.00',
      });
      expect(JSON.parse(results[1]?.content ?? '')).toMatchObject({
        opens: '08:00',
        closes: '13:00',
      });
      expect(run.steps.map((s) => [s.turn, s.call.id])).toEqual([
        [1, 'item'],
        [1, 'hours'],
      ]);
    },
  );

  scenario(
    'A question no tool answers is marked for a person, and the mark travels with the run',
    async () => {
      const model = scriptedModel([
        callsReply([
          { id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } },
          {
            id: 'c2',
            name: 'mark_for_person',
            input: { reason: 'allergens', note: 'sesame in the rye loaf' },
          },
        ]),
        answerReply('A rye loaf is $9.00. A person will check about sesame and reply.'),
      ]);
      const run = await runAgent({
        model,
        tools: tools(),
        task: 'Rye with sesame?',
        limits: roomy,
      });
      expect(run.needsPerson).toEqual({ reason: 'allergens', note: 'sesame in the rye loaf' });
      const [, mark] = resultsOf(model.turns[1]);
      expect(mark?.isError).toBe(false);
      expect(JSON.parse(mark?.content ?? '{}')).toMatchObject({
        marked: true,
        reason: 'allergens',
      });

      const unmarked = await runAgent({
        model: scriptedModel([answerReply('Hello!')]),
        tools: tools(),
        task: 'hi',
        limits: roomy,
      });
      expect(unmarked.needsPerson).toBeNull();
    },
  );

  scenario('A mark with a reason outside the list is bad input and marks nothing', async () => {
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'mark_for_person', input: { reason: 'whim', note: '' } }]),
      answerReply('Let me check.'),
    ]);
    const run = await runAgent({ model, tools: tools(), task: 'q', limits: roomy });
    expect(run.needsPerson).toBeNull();
    const [result] = resultsOf(model.turns[1]);
    expect(result).toMatchObject({ isError: true, errorKind: 'badInput' });
    expect(result?.content).toContain('reason');
  });

  scenario('A failed lookup goes back as a result that lists the menu', async () => {
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'menu_item', input: { name: 'croissants' } }]),
      answerReply('no croissants'),
    ]);
    await runAgent({ model, tools: tools(), task: 'q', limits: roomy });
    const [result] = resultsOf(model.turns[1]);
    expect(result).toMatchObject({ isError: true, errorKind: 'notFound' });
    for (const name of ['sourdough rolls', 'rye loaf', 'cinnamon buns', 'croissants']) {
      expect(result?.content).toContain(name);
    }
  });

  scenario('Input that breaks the schema never reaches the tool', async () => {
    const tool = countingTool();
    const model = scriptedModel([
      callsReply([
        { id: 'c1', name: 'lookup', input: { key: 42, other: 1 } },
        { id: 'c2', name: 'lookup', input: { key: 'a', other: 1, extra: true } },
        { id: 'c3', name: 'lookup', input: 'not an object' },
      ]),
      answerReply('ok'),
    ]);
    const run = await runAgent({ model, tools: [tool], task: 'q', limits: roomy });
    expect(tool.runs).toEqual([]);
    expect(run.steps.map((s) => s.result.errorKind)).toEqual(['badInput', 'badInput', 'badInput']);
    expect(run.steps[0]?.result.content).toContain('key');
  });

  scenario('A day with a capital letter still finds the hours', async () => {
    const model = scriptedModel([
      callsReply([
        { id: 'a', name: 'opening_hours', input: { day: 'Saturday' } },
        { id: 'b', name: 'opening_hours', input: { day: ' SATURDAY ' } },
      ]),
      answerReply('ok'),
    ]);
    const run = await runAgent({ model, tools: tools(), task: 'q', limits: roomy });
    for (const step of run.steps) {
      expect(step.result.isError).toBe(false);
      expect(JSON.parse(step.result.content)).toMatchObject({
        weekday: 'Saturday',
        open: true,
        opens: '08:00',
        closes: '13:00',
      });
    }
  });

  scenario('An unknown tool is a failure, not a crash', async () => {
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'send_email', input: { to: 'x' } }]),
      answerReply('ok'),
    ]);
    const run = await runAgent({ model, tools: tools(), task: 'q', limits: roomy });
    expect(run.stop.kind).toBe('answered');
    expect(run.steps[0]?.result).toMatchObject({ isError: true, errorKind: 'notFound' });
    expect(run.steps[0]?.result.content).toContain('menu_item');
  });

  scenario('A tool that throws is a failure, not a crash', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'Always throws.',
      schema: z.object({}),
      run: () => {
        throw new Error('disk on fire');
      },
    });
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'broken', input: {} }]),
      answerReply('ok'),
    ]);
    const run = await runAgent({ model, tools: [broken], task: 'q', limits: roomy });
    expect(run.stop.kind).toBe('answered');
    expect(run.steps[0]?.result).toMatchObject({ isError: true, errorKind: 'unavailable' });
    expect(run.steps[0]?.result.content).toContain('disk on fire');
  });

  scenario('A tool that takes longer than its time limit is a failure, not a crash', async () => {
    let toolSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'Never finishes.',
      schema: z.object({}),
      run: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'slow', input: {} }]),
      answerReply('ok'),
    ]);
    const run = await runAgent({
      model,
      tools: [slow],
      task: 'q',
      limits: roomy,
      toolTimeoutMs: 20,
    });
    expect(run.stop.kind).toBe('answered');
    expect(run.steps[0]?.result).toMatchObject({ isError: true, errorKind: 'unavailable' });
    expect(run.steps[0]?.result.content).toContain('20 ms');
    expect(toolSignal?.aborted).toBe(true);
  });

  const askForever = (reply: () => ModelReply) =>
    scriptedModel(Array.from({ length: 10 }, () => () => reply()));
  const lookup = (n: number) => ({
    id: `c${n}`,
    name: 'menu_item',
    input: { name: `rye loaf ${n}` },
  });

  scenario('The loop stops at its turn limit', async () => {
    let n = 0;
    const model = askForever(() => callsReply([lookup(++n)]));
    const run = await runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: { ...roomy, maxTurns: 3 },
    });
    expect(run.stop).toEqual({ kind: 'outOfTurns' });
    expect(model.turns).toHaveLength(3);
    expect(run.spent.turns).toBe(3);
  });

  scenario('The loop stops when its token budget is spent', async () => {
    let n = 0;
    const model = askForever(() => callsReply([lookup(++n)], usage(300, 100)));
    const run = await runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: { ...roomy, maxTokens: 1000 },
    });
    expect(run.stop).toEqual({ kind: 'outOfTokens' });
    expect(model.turns).toHaveLength(3);
    expect(run.spent.inputTokens + run.spent.outputTokens).toBe(1200);
  });

  scenario('The loop stops when its dollar budget is spent', async () => {
    let n = 0;
    const model = askForever(() => callsReply([lookup(++n)], usage(10), 0.04));
    const run = await runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: { ...roomy, maxDollars: 0.1 },
    });
    expect(run.stop).toEqual({ kind: 'outOfBudget' });
    expect(model.turns).toHaveLength(3);
    expect(run.spent.costUsd).toBeCloseTo(0.12);
  });

  scenario('An answer that arrives over a limit is kept', async () => {
    const model = scriptedModel([
      callsReply([lookup(1)], usage(600)),
      answerReply('Here is your answer.', usage(600), 1),
    ]);
    const run = await runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: { maxTurns: 2, maxTokens: 1000, maxDollars: 0.5 },
    });
    expect(run.stop).toEqual({ kind: 'answered', text: 'Here is your answer.' });
    expect(run.spent.inputTokens).toBe(1200);
  });

  scenario('A refusal is a stop, never an answer, and no tool runs', async () => {
    const tool = countingTool();
    const model = scriptedModel([
      { kind: 'stop', reason: 'refused', detail: 'declined', usage: usage(5), costUsd: 0 },
    ]);
    const run = await runAgent({ model, tools: [tool], task: 'q', limits: roomy });
    expect(run.stop).toEqual({ kind: 'modelStopped', reason: 'refused', detail: 'declined' });
    expect(run.steps).toEqual([]);
    expect(tool.runs).toEqual([]);
  });

  scenario('A truncated reply runs no tool', async () => {
    const tool = countingTool();
    const model = scriptedModel([
      { kind: 'stop', reason: 'truncated', usage: usage(5), costUsd: 0 },
    ]);
    const run = await runAgent({ model, tools: [tool], task: 'q', limits: roomy });
    expect(run.stop).toMatchObject({ kind: 'modelStopped', reason: 'truncated' });
    expect(run.steps).toEqual([]);
    expect(tool.runs).toEqual([]);
  });

  scenario('A call repeated past the limit is answered with an error and not run', async () => {
    const tool = countingTool();
    const model = scriptedModel([
      callsReply([{ id: 'a', name: 'lookup', input: { key: 'x', other: 1 } }]),
      callsReply([{ id: 'b', name: 'lookup', input: { other: 1, key: 'x' } }]),
      callsReply([{ id: 'c', name: 'lookup', input: { other: 1, key: 'x' } }]),
      answerReply('ok'),
    ]);
    const run = await runAgent({ model, tools: [tool], task: 'q', limits: roomy, maxRepeats: 2 });
    expect(tool.runs).toHaveLength(2);
    expect(run.steps.map((s) => s.result.isError)).toEqual([false, false, true]);
    expect(run.steps[2]?.result.content).toContain('already');
    expect(run.stop.kind).toBe('answered');
  });

  scenario('Aborting stops the run and the pending model request', async () => {
    let modelSignal: AbortSignal | undefined;
    const model = scriptedModel([
      (_turn, { signal }) => {
        modelSignal = signal;
        return new Promise<ModelReply>(() => {});
      },
    ]);
    const controller = new AbortController();
    const running = runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: roomy,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(modelSignal).toBeDefined());
    controller.abort(new Error('staff cancelled'));
    await expect(running).rejects.toThrow('staff cancelled');
    expect(modelSignal?.aborted).toBe(true);
  });

  scenario("Aborting stops a running tool with the caller's reason", async () => {
    let toolSignal: AbortSignal | undefined;
    const stuck = defineTool({
      name: 'stuck',
      description: 'Never finishes.',
      schema: z.object({}),
      run: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([callsReply([{ id: 'c1', name: 'stuck', input: {} }])]);
    const controller = new AbortController();
    const running = runAgent({
      model,
      tools: [stuck],
      task: 'q',
      limits: roomy,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(toolSignal).toBeDefined());
    expect(toolSignal?.aborted).toBe(false);
    const reason = new Error('shutting down');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(toolSignal?.aborted).toBe(true);
    expect(toolSignal?.reason).toBe(reason);
  });

  scenario('Two tool calls in one turn run at the same time', async () => {
    // Each waits for the other to start: run one after the other, neither would ever finish.
    const started = { left: deferred(), right: deferred() };
    const waiter = (name: 'left' | 'right', other: 'left' | 'right') =>
      defineTool({
        name,
        description: 'Waits for its partner.',
        schema: z.object({}),
        run: async () => {
          started[name].resolve();
          await started[other].promise;
          return ok({ name });
        },
      });
    const model = scriptedModel([
      callsReply([
        { id: 'l', name: 'left', input: {} },
        { id: 'r', name: 'right', input: {} },
      ]),
      answerReply('both'),
    ]);
    const run = await runAgent({
      model,
      tools: [waiter('left', 'right'), waiter('right', 'left')],
      task: 'q',
      limits: roomy,
      toolTimeoutMs: 60_000,
    });
    expect(run.steps.map((s) => [s.call.id, s.result.isError])).toEqual([
      ['l', false],
      ['r', false],
    ]);
    expect(resultsOf(model.turns[1]).map((r) => r.callId)).toEqual(['l', 'r']);
  });

  scenario('The run emits its progress as events', async () => {
    const model = scriptedModel([
      (_turn, { onEvent }) => {
        onEvent?.({ kind: 'textDelta', text: 'Let me check.' });
        return callsReply([{ id: 'c1', name: 'list_menu', input: {} }]);
      },
      answerReply('All done.'),
    ]);
    const events: AgentEvent[] = [];
    await runAgent({
      model,
      tools: tools(),
      task: 'q',
      limits: roomy,
      onEvent: (e) => events.push(e),
    });
    expect(events.map((e) => e.kind)).toEqual([
      'turnStarted',
      'textDelta',
      'toolCall',
      'toolResult',
      'turnStarted',
      'stopped',
    ]);
    expect(events[1]).toEqual({ kind: 'textDelta', turn: 1, text: 'Let me check.' });
    expect(events.at(-1)).toMatchObject({
      kind: 'stopped',
      stop: { kind: 'answered' },
      spent: { turns: 2 },
    });
  });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("the caller's signal", () => {
  it('keeps no listener once a run ends, however many runs share it', async () => {
    // A worker passes one signal, alive as long as the process, to every draft it makes.
    const signal = new AbortController().signal;
    for (let i = 0; i < 5; i++) {
      const model = scriptedModel([
        callsReply([{ id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } }]),
        answerReply('A rye loaf is $9.00.'),
      ]);
      const run = await runAgent({ model, tools: tools(), task: 'Rye?', limits: roomy, signal });
      expect(run.stop.kind).toBe('answered');
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
