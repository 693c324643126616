import { describe, expect, it } from 'vitest';
import {
  channelLabels,
  chartPeriods,
  daysWithActivity,
  editsByTopic,
  perConversation,
  spendByDay,
  sumByPeriod,
  volumeByDay,
} from './dashboard';
import {
  cacheReadShare,
  editClass,
  formatShare,
  formatWait,
  percentile,
  pivot,
  share,
  summarizeWaits,
  toCsv,
  waitsBy,
} from './figures';
import { dayOf, dayWindows, presetRange, rangeSearch, resolveRange, withDates } from './range';

describe('percentiles', () => {
  it('takes the nearest rank, so the figure is a wait someone had', () => {
    const waits = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(waits, 50)).toBe(50);
    expect(percentile(waits, 90)).toBe(90);
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarizes waits without sorting the caller’s array', () => {
    const waits = [300, 100, 200];
    expect(summarizeWaits(waits)).toEqual({ answered: 3, medianMs: 200, p90Ms: 300 });
    expect(waits).toEqual([300, 100, 200]);
  });

  it('groups waits by a key', () => {
    const byPerson = waitsBy([
      { key: 1, waitMs: 5 },
      { key: 2, waitMs: 9 },
      { key: 1, waitMs: 1 },
    ]);
    expect(byPerson.get(1)).toEqual({ answered: 2, medianMs: 1, p90Ms: 5 });
    expect(byPerson.get(2)?.answered).toBe(1);
  });
});

describe('edit classes', () => {
  it('calls no change unchanged, up to a fifth of the length light, past it rewritten', () => {
    expect(editClass({ distance: 0, length: 100 })).toBe('unchanged');
    expect(editClass({ distance: 1, length: 100 })).toBe('light');
    expect(editClass({ distance: 20, length: 100 })).toBe('light');
    expect(editClass({ distance: 21, length: 100 })).toBe('rewritten');
    expect(editClass({ distance: 5, length: 0 })).toBe('rewritten');
  });
});

describe('shares and words', () => {
  it('divides only by something', () => {
    expect(share(1, 4)).toBe(0.25);
    expect(share(0, 0)).toBeNull();
    expect(formatShare(0.675)).toBe('68%');
    expect(formatShare(null)).toBe('—');
  });

  it('words waits', () => {
    expect(formatWait(45_000)).toBe('45 s');
    expect(formatWait(12 * 60_000)).toBe('12 min');
    expect(formatWait(125 * 60_000)).toBe('2 h 05 min');
    expect(formatWait(27 * 3_600_000)).toBe('1 d 3 h');
    expect(formatWait(null)).toBe('—');
  });

  it('counts cache reads against every input token', () => {
    expect(cacheReadShare({ inputTokens: 100, cacheReadTokens: 300, cacheWriteTokens: 0 })).toBe(
      0.75,
    );
    expect(cacheReadShare({ inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 })).toBeNull();
  });
});

describe('pivot', () => {
  it('gives every key every series, zeros where none, in the keys’ order', () => {
    const rows = pivot(['2026-12-01', '2026-12-02', '2026-12-03'], ['web', 'api'] as const, [
      { key: '2026-12-03', series: 'web', count: 2 },
      { key: '2026-12-01', series: 'api', count: 1 },
      { key: '2026-12-01', series: 'api', count: 1 },
      { key: '2027-01-01', series: 'web', count: 9 },
    ]);
    expect(rows).toEqual([
      { key: '2026-12-01', web: 0, api: 2 },
      { key: '2026-12-02', web: 0, api: 0 },
      { key: '2026-12-03', web: 2, api: 0 },
    ]);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and never lets a cell be a formula', () => {
    expect(
      toCsv([
        ['id', 'text'],
        [1, 'plain'],
        [2, 'a, "quoted"\nline'],
        [3, '=HYPERLINK("x")'],
        [4, null],
        [5, -3],
      ]),
    ).toBe(
      'id,text\r\n1,plain\r\n2,"a, ""quoted""\nline"\r\n3,"\'=HYPERLINK(""x"")"\r\n4,\r\n5,-3\r\n',
    );
  });
});

describe('the range', () => {
  const today = '2026-12-01';

  it('defaults to the last 30 days, today included', () => {
    expect(resolveRange({}, today)).toEqual({
      range: { preset: '30', from: '2026-11-02', to: '2026-12-01' },
    });
    expect(resolveRange({ range: '7' }, today).range.from).toBe('2026-11-25');
  });

  it('takes a custom range of whole days', () => {
    expect(resolveRange({ range: 'custom', from: '2026-11-10', to: '2026-11-19' }, today)).toEqual({
      range: { preset: 'custom', from: '2026-11-10', to: '2026-11-19' },
    });
  });

  it('falls back to the default and says why for a range it cannot use', () => {
    const cases = [
      [{ range: '12' }, 'Choose 7, 30 or 90 days, or custom.'],
      [{ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, 'YYYY-MM-DD'],
      [{ range: 'custom', from: '2026-11-19', to: '2026-11-10' }, 'must not be after'],
      [{ range: 'custom', from: '2020-01-01', to: '2026-01-01' }, 'at most 366 days'],
    ] as const;
    for (const [query, error] of cases) {
      const result = resolveRange(query, today);
      expect(result.range).toEqual(presetRange('30', today));
      expect(result.error).toContain(error);
    }
  });

  it('writes the query string back', () => {
    expect(rangeSearch(presetRange('7', today))).toBe('range=7');
    expect(rangeSearch({ preset: 'custom', from: '2026-11-10', to: '2026-11-19' })).toBe(
      'range=custom&from=2026-11-10&to=2026-11-19',
    );
  });

  it('makes days of the bakery’s timezone, with their opening hours', () => {
    const days = dayWindows(
      { preset: 'custom', from: '2026-10-31', to: '2026-11-02' },
      'America/New_York',
      (date) => (date === '2026-11-01' ? null : { opens: '07:00', closes: '15:00' }),
    );
    expect(days.map((d) => d.date)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    // 1 November 2026 is 25 hours long in New York.
    expect((days[1]?.end ?? 0) - (days[1]?.start ?? 0)).toBe(25 * 3_600_000);
    expect(new Date(days[0]?.opens ?? 0).toISOString()).toBe('2026-10-31T11:00:00.000Z');
    expect(new Date(days[2]?.closes ?? 0).toISOString()).toBe('2026-11-02T20:00:00.000Z');
    expect(days[1]).toMatchObject({ opens: 0, closes: 0 });
    // The 25-hour day ends at 05:00 UTC on 2 November, not 04:00.
    expect(dayOf(days, Date.parse('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
    expect(dayOf(days, Date.parse('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    expect(dayOf(days, Date.parse('2026-10-31T03:59:00Z'))).toBeNull();
    expect(dayOf(days, days[2]?.end ?? 0)).toBeNull();
    expect(
      withDates(days, [{ at: Date.parse('2026-10-31T12:00:00Z') }, { at: 0 }], (r) => r.at),
    ).toEqual([{ at: Date.parse('2026-10-31T12:00:00Z'), date: '2026-10-31' }]);
  });
});

describe('the dashboard’s series', () => {
  it('counts messages per conversation, halves rounding up, per day and overall', () => {
    expect(perConversation(7, 4)).toBe(1.8);
    expect(perConversation(71, 40)).toBe(1.8);
    expect(perConversation(5, 3)).toBe(1.7);
    expect(perConversation(3, 0)).toBeNull();
    const volume = volumeByDay({
      dates: ['2026-12-01', '2026-12-02'],
      questions: [
        { date: '2026-12-01', channel: 'web', count: 2, messages: 5 },
        { date: '2026-12-01', channel: 'api', count: 1, messages: 1 },
      ],
    });
    expect(volume.channels).toEqual(['web', 'api']);
    expect(volume.days).toEqual([
      {
        date: '2026-12-01',
        web: 2,
        api: 1,
        sample: 0,
        email: 0,
        widget: 0,
        total: 3,
        messages: 6,
        perConversation: 2,
      },
      {
        date: '2026-12-02',
        web: 0,
        api: 0,
        sample: 0,
        email: 0,
        widget: 0,
        total: 0,
        messages: 0,
        perConversation: null,
      },
    ]);
    expect(volume.perConversation).toBe(2);
  });

  it('counts the web widget’s questions as a channel of their own, after the web form', () => {
    const volume = volumeByDay({
      dates: ['2026-12-01'],
      questions: [
        { date: '2026-12-01', channel: 'email', count: 1, messages: 1 },
        { date: '2026-12-01', channel: 'widget', count: 2, messages: 3 },
        { date: '2026-12-01', channel: 'web', count: 1, messages: 1 },
      ],
    });
    expect(volume.channels).toEqual(['web', 'widget', 'email']);
    expect(volume.days[0]).toMatchObject({ widget: 2, total: 4, messages: 5 });
    expect(volume.channels.map((channel) => channelLabels[channel])).toEqual([
      'Web form',
      'Web widget',
      'Email',
    ]);
  });

  it('never counts the example questions a new desk starts with', () => {
    const volume = volumeByDay({
      dates: ['2026-12-01'],
      questions: [
        { date: '2026-12-01', channel: 'web', count: 2, messages: 4 },
        { date: '2026-12-01', channel: 'sample', count: 5, messages: 7 },
      ],
    });
    expect(volume.channels).toEqual(['web']);
    expect(volume.days[0]).toMatchObject({ web: 2, sample: 0, total: 2, messages: 4 });
    expect([volume.total, volume.messages, volume.perConversation]).toEqual([2, 4, 2]);
  });

  it('marks a day over budget once its spend reaches the budget', () => {
    const { days, total } = spendByDay({
      dates: ['2026-12-01', '2026-12-02'],
      spend: [
        {
          date: '2026-12-01',
          runs: 2,
          costUsd: 0.3,
          inputTokens: 10,
          outputTokens: 5,
          cacheReadTokens: 30,
          cacheWriteTokens: 0,
        },
      ],
      repliesByDay: new Map([['2026-12-01', 3]]),
      budgetCents: 30,
    });
    expect(days[0]).toMatchObject({ overBudget: true, cacheReadShare: 0.75 });
    expect(days[0]?.perReplyUsd).toBeCloseTo(0.1);
    expect(days[1]).toMatchObject({ overBudget: false, perReplyUsd: null, cacheReadShare: null });
    expect(total).toMatchObject({ runs: 2, replies: 3 });
  });
});

describe('tables of days', () => {
  it('list only the days with something to count, every day still in the figures', () => {
    const { days } = volumeByDay({
      dates: ['2026-12-01', '2026-12-02', '2026-12-03'],
      questions: [{ date: '2026-12-02', channel: 'web', count: 2, messages: 3 }],
    });
    expect(days).toHaveLength(3);
    expect(daysWithActivity(days, (day) => day.total).map((day) => day.date)).toEqual([
      '2026-12-02',
    ]);
  });
});

describe('topics', () => {
  it('are named in the bakery’s words, the busiest first', () => {
    const topics = editsByTopic({
      editsByTopic: [
        { topic: 'hours', editClass: 'light', count: 1 },
        { topic: 'menu', editClass: 'unchanged', count: 2 },
        { topic: 'none', editClass: 'rewritten', count: 1 },
      ],
    });
    expect(topics.map((t) => [t.topic, t.total])).toEqual([
      ['Menu and prices', 2],
      ['Nothing looked up', 1],
      ['Opening hours', 1],
    ]);
  });
});

describe('chart periods', () => {
  it('draws a bar per day up to a month, and per seven days past it', () => {
    const month = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
    expect(chartPeriods(month)).toHaveLength(31);
    expect(chartPeriods(month)[0]).toEqual({ label: '12-01', dates: ['2026-12-01'] });
    const longer = [...month, '2027-01-01'];
    const weeks = chartPeriods(longer);
    expect(weeks.map((w) => w.label)).toEqual(['12-01…', '12-08…', '12-15…', '12-22…', '12-29…']);
    expect(weeks[4]?.dates).toEqual(['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(
      sumByPeriod(
        weeks.slice(0, 2),
        [
          { date: '2026-12-01', n: 2 },
          { date: '2026-12-07', n: 3 },
          { date: '2026-12-08', n: 1 },
        ],
        ['n'],
      ),
    ).toEqual([
      { period: '12-01…', n: 5 },
      { period: '12-08…', n: 1 },
    ]);
  });
});
