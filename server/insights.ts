import 'server-only';
import { getBakery } from '@/db/bakery';
import { getBakeryData } from '@/db/bakery-data';
import {
  answeredWithinByDay,
  countAnsweredWithin,
  countArrivedOpen,
  countDiscardReasons,
  countFeedbackByDay,
  countPersonMarks,
  countQuestionsByDayFromRows,
  listFeedbackComments,
  listFirstReplyWaits,
  listMarkedQuestions,
  listNotFoundMenuLookups,
  readFirstReplies,
  readKeptDays,
  readReplies,
  sumSpendByDayFromRows,
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
} from '@/lib/insights/range';
import { feedbackComments, satisfactionByDay } from '@/lib/insights/satisfaction';
import { dailyLimitCents } from '@/lib/spending/budget';

const HOUR_MS = 3_600_000;
/** The newest questions "asked, not answered" lists; the chart above counts them all. */
const MARKED_LIMIT = 50;
/** The newest comments customers wrote with their answers that the dashboard lists. */
export const FEEDBACK_COMMENTS_LIMIT = 50;

/** The range the query string asks for, in the bakery's days, with their instants. */
export async function insightsRange(
  query: Record<string, string | string[] | undefined>,
  now = new Date(),
): Promise<
  RangeResult & {
    days: DayWindow[];
    timezone: string;
  }
> {
  const { data } = await getBakeryData();
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const resolved = resolveRange(
    { range: first(query.range), from: first(query.from), to: first(query.to) },
    today(data, now),
  );
  return { ...resolved, days: bakeryDayWindows(resolved.range, data), timezone: data.timezone };
}

/** Everything the owner's dashboard shows for a range (dates worded in the bakery's timezone). */
export async function loadDashboard(days: DayWindow[], timezone: string) {
  const dates = days.map((d) => d.date);
  // Each of the kept figures, the first replies and the replies is read once, in one pass over
  // the range, and every table and chart that counts them takes its share.
  const kept = await readKeptDays({ days });
  const first = await readFirstReplies({ days, withinMs: HOUR_MS });
  const replies = await readReplies({ days });
  const edits = editsByDay({ dates, editsByDay: replies.byDay });
  const budgetCents = dailyLimitCents({
    settingCents: (await getBakery()).dailyBudgetCents,
    defaultDollars: env().DRAFT_DAILY_DOLLARS,
  });
  const start = new Date(days[0]?.start ?? 0);
  const end = new Date(days[days.length - 1]?.end ?? 0);
  return {
    volume: volumeByDay({
      dates,
      questions: kept?.questions ?? (await countQuestionsByDayFromRows({ days })),
    }),
    replyTimes: replyTimesByDay({
      dates,
      waits: first.waits,
      answeredWithin: answeredWithinByDay({
        days,
        arrivedOpen: await countArrivedOpen({ days }),
        answeredWithin: first.answeredWithin,
      }),
    }),
    edits,
    topics: editsByTopic({ editsByTopic: replies.byTopic }),
    discards: await countDiscardReasons({ days }),
    spend: spendByDay({
      dates,
      spend: kept?.spend ?? (await sumSpendByDayFromRows({ days })),
      repliesByDay: new Map(edits.days.map((day) => [day.date, day.total])),
      budgetCents,
    }),
    budgetCents,
    marks: await countPersonMarks({ days }),
    asked: groupMarkedQuestions(await listMarkedQuestions({ days, limit: MARKED_LIMIT })),
    unsold: countUnsoldAsks(await listNotFoundMenuLookups({ since: start, until: end })),
    people: figuresByPerson({ people: replies.byPerson, waits: first.waits }),
    satisfaction: satisfactionByDay({ dates, answers: await countFeedbackByDay({ days }) }),
    comments: feedbackComments(
      await listFeedbackComments({ days, limit: FEEDBACK_COMMENTS_LIMIT }),
      timezone,
    ),
  };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;

/** One person's own figures (or, with no person, everyone's): reply times and edits. */
export async function loadPersonFigures(days: DayWindow[], sentBy: number | undefined) {
  const dates = days.map((d) => d.date);
  const replies = await readReplies({ days, sentBy });
  return {
    replyTimes: replyTimesByDay({
      dates,
      waits: await listFirstReplyWaits({ days, sentBy }),
      answeredWithin: await countAnsweredWithin({ days, withinMs: HOUR_MS, sentBy }),
    }),
    edits: editsByDay({ dates, editsByDay: replies.byDay }),
    topics: editsByTopic({ editsByTopic: replies.byTopic }),
  };
}
