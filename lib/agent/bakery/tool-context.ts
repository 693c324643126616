import { fail, failWith } from '../core/tool';
import type { FactRef } from '../types';
import type { BakeryData, Clock } from './data';
import { acceptedDays, resolveDay, type WallClock, wallClock } from './facts';
import { matchNames } from './names';
import { type Wording, wordingOf } from './wording';

/** A menu item's key among the facts a run read: its name as the unique index keeps it. */
export function itemFact(name: string): FactRef {
  return `item:${name.trim().toLowerCase()}`;
}

/** The days a call read, as facts. */
export function dayFacts(seen: Set<string>): FactRef[] {
  return [...seen].sort().map((date) => `day:${date}` as const);
}

/** What every bakery tool reads from: the data, its wording and the run's clock. */
export type ToolContext = ReturnType<typeof toolContext>;

export function toolContext(facts: BakeryData, clock: Clock) {
  const wording: Wording = wordingOf(facts);
  // The clock is fixed for the run: each wall clock is worked out once, on first use.
  let askedClock: WallClock | undefined;
  let currentClock: WallClock | undefined;
  const asked = () => {
    askedClock ??= wallClock(facts, clock.askedAt);
    return askedClock;
  };
  const current = () => {
    currentClock ??= wallClock(facts, clock.now);
    return currentClock;
  };
  const menuList = () => facts.menu.map((item) => item.name).join(', ');

  /** An item by a customer's or model's name for it, if on the menu and available now. */
  const findItem = (name: string) => {
    const [item] = matchNames(name, facts.menu);
    if (!item) {
      return {
        ...fail(
          'notFound',
          `the menu has no ${name.trim()}. It has: ${menuList()}. Offer one of those instead.`,
        ),
        read: ['menu'] as FactRef[],
      };
    }
    if (!item.available) {
      return {
        ...failWith(
          'unavailable',
          `${item.name} is on the menu but not currently available. Say so; do not promise it.`,
          { unavailable: [item.name] },
        ),
        read: [itemFact(item.name)],
      };
    }
    return { ok: true as const, value: item };
  };

  /** A day as the tools take it, to its date as of when the question arrived. */
  const decodeDay = (day: string, seen?: Set<string>) => {
    const date = resolveDay(day, facts, asked(), seen);
    return date
      ? { ok: true as const, value: date }
      : fail('badInput', `day must be ${acceptedDays}; got "${day}".`);
  };

  return { facts, wording, asked, current, findItem, decodeDay };
}
