/** A priced order and its pickup: whether it works, why not, and the pickup that does. */
export const quote = {
  counted: { one: 'one {name} at {price}', other: '{count} {names} at {price} each' },
  order: {
    one: "That's {counted}.",
    single: '{counted} come to {total}.',
    line: '{counted} ({total})',
    total: '{lines} come to {total} in total.',
    lines: '{lines}.',
  },
  prices: '{prices}.',
  earliest: {
    none: "I'm sorry, we can't offer a pickup for that in the next 30 days.",
    today:
      "The earliest we can have {them} ready is today, {day}, from {from} (we're open until {closes}).",
    later:
      "The earliest we can have {them} ready is {day}, from {from} (we're open until {closes}).",
  },
  notice: {
    clause: '{names} need {notice}',
    alone: '{clauses}.',
    orderBy: '{clauses}, so please order by {by}.',
    today: 'today, {day}',
  },
  works: {
    atTime: "Pickup on {day} at {time} works: we're open {span} that day{note}.",
    anyTime: 'You can pick {them} up on {day} any time from {span}{note}.',
    laterToday: 'You can pick {them} up today, {day}, any time from {span}{note}.',
  },
  why: {
    dayPassed: '{day} has already passed',
    timePassed: '{time} today ({day}) has already passed',
    tooLateToday: "it's too late for a pickup today ({day}): we close at {closes}",
    closedToday: "we've already closed for today ({day})",
    closed: "we're closed on {day}{note}",
    tooEarly: "we don't open until {opens} on {day}, so {time} is too early",
    tooLate: 'we close at {closes} on {day}, so {time} is too late',
    tooSoon: '{clauses}, so {day} is too soon',
    reasons: '{reasons}.',
  },
  instead: {
    sameDay: 'Could you come between {from} and {closes} that day instead?',
    nextDay: 'The next day we can do is {day}, from {span}; the earliest of all is {earliest}.',
    noneSoon: 'not in the next 30 days',
  },
} as const;
