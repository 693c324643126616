import { z } from 'zod';
import type { QuestionStatus } from '../domain';

/**
 * Bulk actions on the inbox list: which rows are selected (checkboxes, shift-click ranges,
 * everything on the page), what the action posts (each row with the version shown), and which
 * rows refuse it because they changed since the list was drawn.
 */

/** A row as the list showed it: a bulk action applies only at this version. */
export type RowShown = { id: number; version: number };

/** The most rows one action takes: a page of the list. */
export const BULK_MAX_ROWS = 100;

const OPEN: readonly QuestionStatus[] = ['queued', 'drafting', 'drafted', 'failed'];

/**
 * The rows a bulk action must refuse: gone, at another version than shown, or (for actions
 * on open questions only, like discard) already sent or discarded. Sorted ids.
 */
export function refusedRows(
  shown: RowShown[],
  now: { id: number; version: number; status: QuestionStatus }[],
  { open }: { open: boolean },
): number[] {
  const byId = new Map(now.map((row) => [row.id, row]));
  return shown
    .filter((row) => {
      const current = byId.get(row.id);
      if (!current || current.version !== row.version) return true;
      return open && !OPEN.includes(current.status);
    })
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** What the person is told when rows changed under them: nothing was done, look again. */
export function changedRowsMessage(ids: number[]): string {
  const which = ids.map((id) => `#${id}`).join(', ');
  return ids.length === 1
    ? `Nothing was changed: question ${which} changed since the list was shown (a new message, draft, send or discard). The list is up to date now; select again.`
    : `Nothing was changed: ${ids.length} questions (${which}) changed since the list was shown (a new message, draft, send or discard). The list is up to date now; select again.`;
}

/** The rows field: `id:version` pairs, comma-separated, as the bulk bar posts them. */
export const rowsField = z
  .string({ error: 'Select at least one question.' })
  .transform((text, context) => {
    const rows: RowShown[] = [];
    for (const part of text.split(',').filter((p) => p.trim() !== '')) {
      const match = /^\s*(\d{1,9}):(\d{1,9})\s*$/.exec(part);
      if (!match) {
        context.addIssue({ code: 'custom', message: 'Reload the inbox and select again.' });
        return z.NEVER;
      }
      rows.push({ id: Number(match[1]), version: Number(match[2]) });
    }
    return rows;
  })
  .pipe(
    z
      .array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }))
      .min(1, { error: 'Select at least one question.' })
      .max(BULK_MAX_ROWS, { error: `Select at most ${BULK_MAX_ROWS} questions at once.` })
      .refine((rows) => new Set(rows.map((row) => row.id)).size === rows.length, {
        error: 'Reload the inbox and select again.',
      }),
  );

export const bulkDiscardInput = z.object({
  rows: rowsField,
  reason: z
    .string({ error: 'Say why they are discarded.' })
    .trim()
    .min(3, { error: 'Say why they are discarded (a few words).' })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});

export const bulkLabelInput = z.object({
  rows: rowsField,
  labelId: z.coerce
    .number({ error: 'Choose a label.' })
    .int({ error: 'Choose a label.' })
    .positive({ error: 'Choose a label.' }),
});

/** Assign to a person by id, or to nobody with `none`. */
export const bulkAssignInput = z.object({
  rows: rowsField,
  assignee: z
    .string({ error: 'Choose who looks after them.' })
    .regex(/^(none|\d{1,9})$/, { error: 'Choose who looks after them.' })
    .transform((value) => (value === 'none' ? null : Number(value))),
});

/** `rows` as the form posts it. */
export function encodeRows(rows: RowShown[]): string {
  return rows.map((row) => `${row.id}:${row.version}`).join(',');
}

/** The selection: the chosen ids, and the row a shift-click range starts from. */
export type Selection = { ids: ReadonlySet<number>; anchor: number | null };

export const emptySelection: Selection = { ids: new Set(), anchor: null };

/**
 * A click on a row's checkbox. Plain: that row flips and becomes the anchor. With shift, every
 * row from the anchor to it (in the list's order) takes the clicked row's new state, as in a
 * mail program; without an anchor on the page it is a plain click.
 */
export function clickRow(
  selection: Selection,
  input: { id: number; shift: boolean; order: readonly number[] },
): Selection {
  const checked = !selection.ids.has(input.id);
  const ids = new Set(selection.ids);
  const from = selection.anchor === null ? -1 : input.order.indexOf(selection.anchor);
  const to = input.order.indexOf(input.id);
  if (input.shift && from !== -1 && to !== -1) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const id of input.order.slice(start, end + 1)) {
      if (checked) ids.add(id);
      else ids.delete(id);
    }
  } else if (checked) ids.add(input.id);
  else ids.delete(input.id);
  return { ids, anchor: input.id };
}

/** "Select all on this page": all of them, or none when all already are. */
export function toggleAll(selection: Selection, order: readonly number[]): Selection {
  const all = order.length > 0 && order.every((id) => selection.ids.has(id));
  return { ids: all ? new Set() : new Set(order), anchor: null };
}

/** The selection kept to the rows still on the page (after a refresh drew a new list). */
export function keepShown(selection: Selection, order: readonly number[]): Selection {
  const shown = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => shown.has(id)));
  const anchor = selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null;
  if (ids.size === selection.ids.size && anchor === selection.anchor) return selection;
  return { ids, anchor };
}
