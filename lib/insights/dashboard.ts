import type { UnsoldAsk } from '@/lib/bakery-facts/unsold-asks';
import { channels as allChannels, type Channel, type NeedsPersonReason } from '@/lib/domain';
import {
  cacheReadShare,
  type EditClass,
  editClasses,
  pivot,
  share,
  summarizeWaits,
  type WaitSummary,
  waitsBy,
} from './figures';
import { type Topic, topicLabels } from './topics';

/**
 * The dashboard's figures from the queries' rows (db/insights.ts): every chart's series and
 * the table beside it come from here, so the page only lays them out.
 */

export type QueryRows = {
  dates: readonly string[];
  questions: readonly { date: string; channel: Channel; count: number; messages: number }[];
  waits: readonly { date: string; waitMs: number; sentBy: number }[];
  answeredWithin: readonly { date: string; arrivedOpen: number; answeredWithin: number }[];
  editsByDay: readonly { date: string; editClass: EditClass; count: number }[];
  editsByTopic: readonly { topic: Topic; editClass: EditClass; count: number }[];
};

/** Past a month, charts draw a bar per week (tables keep every day): 90 days of bars is a smear. */
export const MAX_DAILY_BARS = 31;

export type ChartPeriod = { label: string; dates: string[] };

/**
 * The bars of a chart over `dates`: one per day ("11-10"), or for longer ranges one per seven
 * days from the first ("11-10…", the last possibly shorter).
 */
export function chartPeriods(dates: readonly string[]): ChartPeriod[] {
  if (dates.length <= MAX_DAILY_BARS)
    return dates.map((date) => ({ label: date.slice(5), dates: [date] }));
  const periods: ChartPeriod[] = [];
  for (let i = 0; i < dates.length; i += 7) {
    const week = dates.slice(i, i + 7);
    periods.push({ label: `${(week[0] ?? '').slice(5)}…`, dates: week });
  }
  return periods;
}

/** Sums the given keys of per-day rows over each chart period. */
export function sumByPeriod<K extends string>(
  periods: readonly ChartPeriod[],
  rows: readonly ({ date: string } & Record<K, number>)[],
  keys: readonly K[],
): ({ period: string } & Record<K, number>)[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return periods.map((period) => ({
    period: period.label,
    ...(Object.fromEntries(
      keys.map((key) => [
        key,
        period.dates.reduce((sum, date) => sum + ((byDate.get(date)?.[key] as number) ?? 0), 0),
      ]),
    ) as Record<K, number>),
  }));
}

export type DayVolume = {
  date: string;
  total: number;
  messages: number;
  /** Messages per conversation, to one decimal; null on a day none started. */
  perConversation: number | null;
} & Record<Channel, number>;

/** messages / conversations to one decimal, rounded in whole numbers so halves go up. */
export function perConversation(messages: number, conversations: number): number | null {
  return conversations > 0 ? Math.round((messages * 10) / conversations) / 10 : null;
}

export type DayReplyTimes = WaitSummary & {
  date: string;
  /** Questions that arrived while the bakery was open, and how many were answered within an hour. */
  arrivedOpen: number;
  answeredWithinHour: number;
  shareWithinHour: number | null;
};

export type EditCounts = Record<EditClass, number> & { total: number };

const withTotal = <T extends Record<EditClass, number>>(row: T): T & { total: number } => ({
  ...row,
  total: editClasses.reduce((sum, c) => sum + row[c], 0),
});

export function volumeByDay(rows: Pick<QueryRows, 'dates' | 'questions'>): {
  days: DayVolume[];
  channels: Channel[];
  total: number;
  messages: number;
  perConversation: number | null;
} {
  // The example questions a new desk starts with are no customer's: never counted.
  const customers = rows.questions.filter((row) => row.channel !== 'sample');
  const channels = (['web', 'widget', 'email', 'api'] as const).filter((channel) =>
    customers.some((row) => row.channel === channel && row.count > 0),
  );
  const days = pivot(
    rows.dates,
    allChannels,
    customers.map((row) => ({ key: row.date, series: row.channel, count: row.count })),
  ).map(({ key, ...counts }): DayVolume => {
    const total = allChannels.reduce((sum, channel) => sum + counts[channel], 0);
    const messages = customers
      .filter((row) => row.date === key)
      .reduce((sum, row) => sum + row.messages, 0);
    return {
      date: key,
      ...counts,
      total,
      messages,
      perConversation: perConversation(messages, total),
    };
  });
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const messages = days.reduce((sum, day) => sum + day.messages, 0);
  return { days, channels, total, messages, perConversation: perConversation(messages, total) };
}

export function replyTimesByDay(rows: Pick<QueryRows, 'dates' | 'waits' | 'answeredWithin'>): {
  days: DayReplyTimes[];
  /** The chart's bars: per day, or per week past a month. */
  chart: ({ period: string } & WaitSummary)[];
  overall: Omit<DayReplyTimes, 'date'>;
} {
  const byDay = waitsBy(rows.waits.map((row) => ({ key: row.date, waitMs: row.waitMs })));
  const within = new Map(rows.answeredWithin.map((row) => [row.date, row]));
  const days = rows.dates.map((date) => {
    const open = within.get(date);
    const arrivedOpen = open?.arrivedOpen ?? 0;
    const answeredWithinHour = open?.answeredWithin ?? 0;
    return {
      date,
      ...(byDay.get(date) ?? summarizeWaits([])),
      arrivedOpen,
      answeredWithinHour,
      shareWithinHour: share(answeredWithinHour, arrivedOpen),
    };
  });
  const arrivedOpen = days.reduce((sum, day) => sum + day.arrivedOpen, 0);
  const answeredWithinHour = days.reduce((sum, day) => sum + day.answeredWithinHour, 0);
  const periodOf = new Map(
    chartPeriods(rows.dates).flatMap((period) => period.dates.map((date) => [date, period.label])),
  );
  const byPeriod = waitsBy(
    rows.waits.map((row) => ({ key: periodOf.get(row.date) ?? row.date, waitMs: row.waitMs })),
  );
  return {
    days,
    chart: chartPeriods(rows.dates).map((period) => ({
      period: period.label,
      ...(byPeriod.get(period.label) ?? summarizeWaits([])),
    })),
    overall: {
      ...summarizeWaits(rows.waits.map((row) => row.waitMs)),
      arrivedOpen,
      answeredWithinHour,
      shareWithinHour: share(answeredWithinHour, arrivedOpen),
    },
  };
}

export function editsByDay(rows: Pick<QueryRows, 'dates' | 'editsByDay'>): {
  days: ({ date: string } & EditCounts)[];
  total: EditCounts;
} {
  const days = pivot(
    rows.dates,
    editClasses,
    rows.editsByDay.map((row) => ({ key: row.date, series: row.editClass, count: row.count })),
  ).map(({ key, ...counts }) => ({ date: key, ...withTotal(counts) }));
  const total = withTotal(
    Object.fromEntries(
      editClasses.map((c) => [c, days.reduce((sum, day) => sum + day[c], 0)]),
    ) as Record<EditClass, number>,
  );
  return { days, total };
}

/** Replies per topic by edit class, the topics with most replies first, named as a bakery would. */
export function editsByTopic(
  rows: Pick<QueryRows, 'editsByTopic'>,
): ({ topic: string } & EditCounts)[] {
  const found = [...new Set(rows.editsByTopic.map((row) => row.topic))];
  return pivot(
    found,
    editClasses,
    rows.editsByTopic.map((row) => ({ key: row.topic, series: row.editClass, count: row.count })),
  )
    .map(({ key, ...counts }) => ({ topic: topicLabels[key as Topic], ...withTotal(counts) }))
    .sort((a, b) => b.total - a.total || a.topic.localeCompare(b.topic));
}

/**
 * The days a table lists: those with something to count, so a quiet month is a few rows and a
 * total rather than thirty rows of zeros (the chart and the CSV keep every day).
 */
export function daysWithActivity<T extends { date: string }>(
  days: readonly T[],
  activity: (day: T) => number,
): T[] {
  return days.filter((day) => activity(day) > 0);
}

export type DaySpend = {
  date: string;
  costUsd: number;
  runs: number;
  replies: number;
  perReplyUsd: number | null;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  cacheReadShare: number | null;
  /** The day spent the daily budget in force today, or more. */
  overBudget: boolean;
};

type SpendRow = Omit<DaySpend, 'replies' | 'perReplyUsd' | 'cacheReadShare' | 'overBudget'>;

/** Spend per day against the budget in force now, and per reply sent that day. */
export function spendByDay(input: {
  dates: readonly string[];
  spend: readonly SpendRow[];
  repliesByDay: ReadonlyMap<string, number>;
  budgetCents: number;
}): { days: DaySpend[]; total: Omit<DaySpend, 'date' | 'overBudget'> } {
  const byDate = new Map(input.spend.map((row) => [row.date, row]));
  const days = input.dates.map((date): DaySpend => {
    const row = byDate.get(date);
    const replies = input.repliesByDay.get(date) ?? 0;
    const costUsd = row?.costUsd ?? 0;
    const tokens = {
      inputTokens: row?.inputTokens ?? 0,
      outputTokens: row?.outputTokens ?? 0,
      cacheReadTokens: row?.cacheReadTokens ?? 0,
      cacheWriteTokens: row?.cacheWriteTokens ?? 0,
    };
    return {
      date,
      costUsd,
      runs: row?.runs ?? 0,
      replies,
      perReplyUsd: replies > 0 ? costUsd / replies : null,
      ...tokens,
      cacheReadShare: cacheReadShare(tokens),
      overBudget: costUsd > 0 && Math.round(costUsd * 100) >= input.budgetCents,
    };
  });
  const sum = (pick: (day: DaySpend) => number) => days.reduce((s, day) => s + pick(day), 0);
  const tokens = {
    inputTokens: sum((d) => d.inputTokens),
    outputTokens: sum((d) => d.outputTokens),
    cacheReadTokens: sum((d) => d.cacheReadTokens),
    cacheWriteTokens: sum((d) => d.cacheWriteTokens),
  };
  const costUsd = sum((d) => d.costUsd);
  const replies = sum((d) => d.replies);
  return {
    days,
    total: {
      costUsd,
      runs: sum((d) => d.runs),
      replies,
      perReplyUsd: replies > 0 ? costUsd / replies : null,
      ...tokens,
      cacheReadShare: cacheReadShare(tokens),
    },
  };
}

export type PersonFigures = WaitSummary & {
  userId: number;
  name: string;
  replies: number;
  unchanged: number;
  rewritten: number;
};

/** Replies per person with the waits of the questions they answered first. */
export function figuresByPerson(input: {
  people: readonly Omit<PersonFigures, keyof WaitSummary>[];
  waits: QueryRows['waits'];
}): PersonFigures[] {
  const waits = waitsBy(input.waits.map((row) => ({ key: row.sentBy, waitMs: row.waitMs })));
  return input.people.map((person) => ({
    ...person,
    ...(waits.get(person.userId) ?? summarizeWaits([])),
  }));
}

export type MarkCount = { reason: NeedsPersonReason; count: number };
export type { UnsoldAsk };

/** Where "asked, not answered" starts a knowledge entry, its title filled in. */
export function newKnowledgeHref(title: string): string {
  return `/admin/knowledge?${new URLSearchParams({ new: '1', title }).toString()}`;
}

export const channelLabels: Record<Channel, string> = {
  web: 'Web form',
  widget: 'Web widget',
  api: 'API',
  email: 'Email',
  sample: 'Sample',
};

export type MarkedQuestion = { questionId: number; text: string; reason: NeedsPersonReason };

/** Marked questions grouped by reason, the reasons with most questions first. */
export function groupMarkedQuestions(
  questions: readonly MarkedQuestion[],
): { reason: NeedsPersonReason; questions: MarkedQuestion[] }[] {
  const groups = new Map<NeedsPersonReason, MarkedQuestion[]>();
  for (const question of questions) {
    groups.set(question.reason, [...(groups.get(question.reason) ?? []), question]);
  }
  return [...groups]
    .map(([reason, list]) => ({ reason, questions: list }))
    .sort((a, b) => b.questions.length - a.questions.length || a.reason.localeCompare(b.reason));
}

/** A question's first line, short enough for a list and a knowledge entry's title. */
export function questionTitle(text: string, max = 120): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
