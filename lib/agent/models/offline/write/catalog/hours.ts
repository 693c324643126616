/** A day's hours, the week's hours, and whether an asked time falls in them. */
export const hours = {
  span: '{opens} to {closes}',
  /** The owner's note on a day with special hours or a closure. */
  note: ' ({exception})',
  open: "we're open {span}{note}",
  day: {
    passed: '{day} has already passed.',
    closedException: "We're closed on {day}{note}.",
    closedWeekly: "We're closed on {day}, as every {weekday}.",
    closedToday: "We've already closed for today, {day}: we were open {span}{note}.",
    timePassed: "{time} today ({day}) has already passed; we're open until {closes}.",
    openOn: 'On {day} {open}.',
    early: "On {day} we don't open until {opens}, so {time} is a little early; {open}.",
    late: 'On {day} we close at {closes}, so {time} is too late; {open}.',
    openAt: "Yes, we're open at {time} on {day} ({span}{note}).",
  },
  week: {
    days: '{from} to {to} {span}',
    oneDay: '{day} {span}',
    openAndClosed: "We're open {open}, and closed on {closed}.",
    open: "We're open {open}.",
    closed: "We're closed on {closed}.",
  },
  /** Weekdays in the plural, as the closed days of the week are named. */
  weekdays: {
    Monday: 'Mondays',
    Tuesday: 'Tuesdays',
    Wednesday: 'Wednesdays',
    Thursday: 'Thursdays',
    Friday: 'Fridays',
    Saturday: 'Saturdays',
    Sunday: 'Sundays',
  },
} as const;
