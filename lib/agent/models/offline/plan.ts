import { weekdayNames } from '../../bakery/calendar';
import type { ToolCall } from '../../types';
import type { Reading } from './read-question';

/** Why each call was made, so the draft can put its result in the right sentence. */
export type Purpose =
  | { kind: 'quote'; quantities: (number | null)[] }
  | { kind: 'item'; name: string }
  | { kind: 'offMenu'; name: string }
  | { kind: 'menu' }
  | { kind: 'dayHours'; day: string }
  | { kind: 'weekHours'; day: string };

export type PlannedCall = { call: ToolCall; purpose: Purpose };

/** Every lookup the question needs, asked in one turn. */
export function planCalls(reading: Reading): PlannedCall[] {
  const planned: PlannedCall[] = [];
  const add = (name: string, input: unknown, purpose: Purpose) =>
    planned.push({ call: { id: `c${planned.length + 1}`, name, input }, purpose });

  const [pickupDay] = reading.days;
  const quoting =
    reading.items.length > 0 &&
    (pickupDay !== undefined ||
      reading.items.some((item) => item.quantity !== null && item.quantity > 1));

  for (const name of reading.offMenu) add('menu_item', { name }, { kind: 'offMenu', name });
  if (quoting) {
    add(
      'quote_order',
      {
        items: reading.items.map((item) => ({ name: item.name, quantity: item.quantity ?? 1 })),
        day: pickupDay ?? null,
        time: pickupDay ? reading.time : null,
      },
      { kind: 'quote', quantities: reading.items.map((item) => item.quantity) },
    );
  } else {
    for (const item of reading.items)
      add('menu_item', { name: item.name }, { kind: 'item', name: item.name });
  }
  if (reading.offMenu.length > 0 || reading.asks.menu) add('list_menu', {}, { kind: 'menu' });

  const hoursDays = quoting ? reading.days.slice(1) : reading.days;
  for (const day of hoursDays) add('opening_hours', { day }, { kind: 'dayHours', day });
  const askedNothingElse = planned.length === 0 && reading.days.length === 0;
  if (reading.asks.hours && askedNothingElse) {
    for (const day of weekdayNames) add('opening_hours', { day }, { kind: 'weekHours', day });
  }
  return planned;
}
