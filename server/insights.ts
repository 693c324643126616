import 'server-only';
import { getBakery } from '@/db/bakery';
import { getBakeryData } from '@/db/bakery-data';
import {
  countAnsweredWithin,
  countDiscardReasons,
  countEditsByDay,
  countEditsByTool,
  countPersonMarks,
  countQuestionsByDay,
  countRepliesByPerson,
  listFirstReplyWaits,
  listMarkedQuestions,
  listNotFoundMenuLookups,
  sumSpendByDay,
} from '@/db/insights';
import { today } from '@/lib/agent/bakery/facts';
import { countUnsoldAsks } from '@/lib/bakery-facts/unsold-asks';
import { env } from '@/lib/env';
import {
  editsByDay,
  editsByTopic,
  figuresByPerson,
  groupMarkedQuestions,
  replyTimesByDay,
  spendByDay,
  volumeByDay,
} from '@/lib/insights/dashboard';
import {
  bakeryDayWindows,
  type DayWindow,
  type RangeResult,
  resolveRange,
  withDates,
} from '@/lib/insights/range';
import { dailyLimitCents } from '@/lib/spending/budget';

const HOUR_MS = 3_600_000;
/** The newest questions "asked, not answered" lists; the chart above counts them all. */
const MARKED_LIMIT = 50;

/** The range the query string asks for, in the bakery's days, with their instants. */
export function insightsRange(
  query: Record<string, string | string[] | undefined>,
  now = new Date(),
): RangeResult & {
  days: DayWindow[];
  timezone: string;
} {
  const { data } = getBakeryData();
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const resolved = resolveRange(
    { range: first(query.range), from: first(query.from), to: first(query.to) },
    today(data, now),
  );
  return { ...resolved, days: bakeryDayWindows(resolved.range, data), timezone: data.timezone };
}

/** Everything the owner's dashboard shows for a range. */
export function loadDashboard(days: DayWindow[]) {
  const dates = days.map((d) => d.date);
  const waits = withDates(days, listFirstReplyWaits({ days }), (row) => row.receivedAt);
  const edits = editsByDay({ dates, editsByDay: countEditsByDay({ days }) });
  const budgetCents = dailyLimitCents({
    settingCents: getBakery().dailyBudgetCents,
    defaultDollars: env().DRAFT_DAILY_DOLLARS,
  });
  const start = new Date(days[0]?.start ?? 0);
  const end = new Date(days[days.length - 1]?.end ?? 0);
  return {
    volume: volumeByDay({ dates, questions: countQuestionsByDay({ days }) }),
    replyTimes: replyTimesByDay({
      dates,
      waits,
      answeredWithin: countAnsweredWithin({ days, withinMs: HOUR_MS }),
    }),
    edits,
    topics: editsByTopic({ editsByTool: countEditsByTool({ days }) }),
    discards: countDiscardReasons({ days }),
    spend: spendByDay({
      dates,
      spend: sumSpendByDay({ days }),
      repliesByDay: new Map(edits.days.map((day) => [day.date, day.total])),
      budgetCents,
    }),
    budgetCents,
    marks: countPersonMarks({ days }),
    asked: groupMarkedQuestions(listMarkedQuestions({ days, limit: MARKED_LIMIT })),
    unsold: countUnsoldAsks(listNotFoundMenuLookups({ since: start, until: end })),
    people: figuresByPerson({ people: countRepliesByPerson({ days }), waits }),
  };
}

export type Dashboard = ReturnType<typeof loadDashboard>;

/** One person's own figures (or, with no person, everyone's): reply times and edits. */
export function loadPersonFigures(days: DayWindow[], sentBy: number | undefined) {
  const dates = days.map((d) => d.date);
  return {
    replyTimes: replyTimesByDay({
      dates,
      waits: withDates(days, listFirstReplyWaits({ days, sentBy }), (row) => row.receivedAt),
      answeredWithin: countAnsweredWithin({ days, withinMs: HOUR_MS, sentBy }),
    }),
    edits: editsByDay({ dates, editsByDay: countEditsByDay({ days, sentBy }) }),
    topics: editsByTopic({ editsByTool: countEditsByTool({ days, sentBy }) }),
  };
}
