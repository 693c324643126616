/**
 * Who is on which question: the bookkeeping behind "Ana is viewing" and "Ana is writing a
 * reply". Each open question page is a tab that sends heartbeats; a tab that stops (closed,
 * asleep, offline) is forgotten once its last heartbeat expires. Pure: the server keeps the
 * state and the clock.
 */

export type PresenceTab = {
  tabId: string;
  userId: number;
  name: string;
  questionId: number;
  typing: boolean;
  expiresAt: number;
};

export type PresenceState = ReadonlyMap<string, PresenceTab>;

/** One person on one question, however many tabs they have open on it. */
export type PresenceItem = { questionId: number; userId: number; name: string; typing: boolean };

export const emptyPresence: PresenceState = new Map();

/** A tab says it is (still) on a question, typing or not; it stays until `now + expiryMs`. */
export function heartbeat(
  state: PresenceState,
  tab: Omit<PresenceTab, 'expiresAt'>,
  now: number,
  expiryMs: number,
): PresenceState {
  const next = new Map(state);
  next.set(tab.tabId, { ...tab, expiresAt: now + expiryMs });
  // A person's tabs are capped, so made-up tab ids cannot fill the server's memory: past the
  // cap, the tab heard from longest ago goes first.
  const own = [...next.values()].filter((t) => t.userId === tab.userId);
  if (own.length > MAX_TABS_PER_PERSON) {
    const oldest = own.reduce((a, b) => (b.expiresAt < a.expiresAt ? b : a));
    next.delete(oldest.tabId);
  }
  return next;
}

/** More desk tabs than anyone keeps open at once. */
export const MAX_TABS_PER_PERSON = 50;

/** A tab left its question (moved to another page of the desk). */
export function leave(state: PresenceState, tabId: string, userId: number): PresenceState {
  const tab = state.get(tabId);
  // Only the tab's own person may end it: a tab id is no secret between colleagues.
  if (!tab || tab.userId !== userId) return state;
  const next = new Map(state);
  next.delete(tabId);
  return next;
}

/** Forgets the tabs whose last heartbeat has expired. */
export function expire(state: PresenceState, now: number): PresenceState {
  let next: Map<string, PresenceTab> | null = null;
  for (const [id, tab] of state) {
    if (tab.expiresAt > now) continue;
    next ??= new Map(state);
    next.delete(id);
  }
  return next ?? state;
}

/** When the next tab expires, to sweep then; null when nobody is present. */
export function nextExpiry(state: PresenceState): number | null {
  let soonest: number | null = null;
  for (const tab of state.values()) {
    if (soonest === null || tab.expiresAt < soonest) soonest = tab.expiresAt;
  }
  return soonest;
}

/** Each person on each question once, writing if any of their tabs is; in a stable order. */
export function presenceItems(state: PresenceState): PresenceItem[] {
  const byKey = new Map<string, PresenceItem>();
  for (const tab of state.values()) {
    const key = `${tab.questionId}:${tab.userId}`;
    const seen = byKey.get(key);
    byKey.set(key, {
      questionId: tab.questionId,
      userId: tab.userId,
      name: tab.name,
      typing: (seen?.typing ?? false) || tab.typing,
    });
  }
  return [...byKey.values()].sort(
    (a, b) => a.questionId - b.questionId || a.name.localeCompare(b.name) || a.userId - b.userId,
  );
}

/** Whether two lists say the same thing, so an unchanged sweep announces nothing. */
export function samePresence(a: readonly PresenceItem[], b: readonly PresenceItem[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (item, i) =>
        item.questionId === b[i]?.questionId &&
        item.userId === b[i]?.userId &&
        item.typing === b[i]?.typing &&
        item.name === b[i]?.name,
    )
  );
}

/** Colleagues on one question (never oneself), those writing apart from those viewing. */
export function colleaguesOn(
  items: readonly PresenceItem[],
  questionId: number,
  selfUserId: number,
): { writing: string[]; viewing: string[] } {
  const here = items.filter((i) => i.questionId === questionId && i.userId !== selfUserId);
  return {
    writing: here.filter((i) => i.typing).map((i) => i.name),
    viewing: here.filter((i) => !i.typing).map((i) => i.name),
  };
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Ana is writing a reply", "Ana and Ben are viewing": one sentence per kind, writing first. */
export function presenceSentences(on: { writing: string[]; viewing: string[] }): string[] {
  const sentences: string[] = [];
  if (on.writing.length > 0) {
    sentences.push(
      `${listNames(on.writing)} ${on.writing.length === 1 ? 'is' : 'are'} writing a reply`,
    );
  }
  if (on.viewing.length > 0) {
    sentences.push(`${listNames(on.viewing)} ${on.viewing.length === 1 ? 'is' : 'are'} viewing`);
  }
  return sentences;
}

/** The question asked before a send while colleagues are writing; null when nobody is. */
export function sendAnywayQuestion(writing: readonly string[]): string | null {
  if (writing.length === 0) return null;
  return `${listNames(writing)} ${writing.length === 1 ? 'is' : 'are'} writing a reply. Send anyway?`;
}
