import { CsvError, parse } from 'csv-parse/sync';
import { type Allergen, allergens } from '../agent/bakery/data';
import { menuNameKey } from './menu-name';
import { labelSlug, type MenuItemInput, menuItemInput } from './schemas';

/**
 * A menu the owner brings from a spreadsheet: a header row naming the columns (name, price,
 * notice days, allergens; description optional), then one item per row. Every row is read with
 * the menu form's own rules, so an imported item is exactly what the form would have saved.
 * Either every row is good and the whole menu comes back, or nothing does and each bad row is
 * said with its row number, in the words the menu page uses.
 */

/** Enough for any bakery's menu; a longer file is almost surely the wrong file. */
export const MENU_CSV_MAX_ROWS = 500;
export const MENU_CSV_MAX_CHARACTERS = 200_000;

export type MenuCsvProblem = {
  /** The spreadsheet's row (the header is row 1); null for the file as a whole. */
  row: number | null;
  message: string;
};

export type MenuCsvReading =
  | { ok: true; items: MenuItemInput[] }
  | { ok: false; problems: MenuCsvProblem[] };

type Column = 'name' | 'price' | 'noticeDays' | 'allergens' | 'description';

const headerNames: Record<string, Column> = {
  name: 'name',
  item: 'name',
  price: 'price',
  'notice days': 'noticeDays',
  notice: 'noticeDays',
  'days of notice': 'noticeDays',
  allergens: 'allergens',
  contains: 'allergens',
  description: 'description',
};

const columnWords: Record<Column, string> = {
  name: 'Name',
  price: 'Price',
  noticeDays: 'Notice days',
  allergens: 'Allergens',
  description: 'Description',
};

/** What people write for an allergen, beyond its own name. */
const allergenWords: Record<string, Allergen> = {
  ...Object.fromEntries(allergens.map((a) => [a, a])),
  wheat: 'wheat/gluten',
  gluten: 'wheat/gluten',
  'wheat gluten': 'wheat/gluten',
  dairy: 'milk',
  egg: 'eggs',
  nuts: 'tree nuts',
  'tree nut': 'tree nuts',
  peanut: 'peanuts',
  soya: 'soy',
  crustaceans: 'shellfish',
  molluscs: 'shellfish',
};

const NONE = new Set(['none', 'no allergens', '-']);

const WHAT_TO_WRITE =
  'The first row names the columns: name, price, notice days and allergens (description may be added).';

export function readMenuCsv(text: string): MenuCsvReading {
  if (text.length > MENU_CSV_MAX_CHARACTERS) {
    return whole('This file is too large for a menu. Check that it is the right file.');
  }
  // One kind of line ending: a spreadsheet saved on one computer and edited on another mixes them.
  const normalized = text.replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(normalized, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : null;
    return {
      ok: false,
      problems: [
        {
          row: line,
          message:
            error.code === 'CSV_QUOTE_NOT_CLOSED'
              ? 'A quotation mark opened here is never closed.'
              : 'A quotation mark is in the middle of a value; put the whole value in quotation marks.',
        },
      ],
    };
  }
  const rows = records
    .map(({ record, info }) => ({
      // Where the row starts: a value with line breaks inside ends a few lines further down.
      row: info.lines - record.reduce((n, value) => n + value.split('\n').length - 1, 0),
      values: record.map((value) => value.trim()),
    }))
    .filter(({ values }) => values.some((value) => value !== ''));
  const [header, ...items] = rows;
  if (!header) return whole(`The file is empty. ${WHAT_TO_WRITE}`);

  const columns = readHeader(header.values, header.row);
  if (!columns.ok) return { ok: false, problems: columns.problems };
  if (items.length === 0) return whole('The file has a header row but no items under it.');
  if (items.length > MENU_CSV_MAX_ROWS) {
    return whole(
      `A menu can have at most ${MENU_CSV_MAX_ROWS} items; this file has ${items.length}.`,
    );
  }

  const problems: MenuCsvProblem[] = [];
  const read: MenuItemInput[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of items) {
    const cell = (column: Column) => {
      const index = columns.at.get(column);
      return index === undefined ? '' : (values[index] ?? '');
    };
    const extra =
      values.length > header.values.length &&
      values.slice(header.values.length).some((v) => v !== '');
    if (extra) {
      problems.push({ row, message: 'It has more values than the header row has columns.' });
      continue;
    }
    const item = readItem(cell);
    if (!item.ok) {
      for (const message of item.messages) problems.push({ row, message });
      continue;
    }
    const key = menuNameKey(item.input.name);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) {
      problems.push({ row, message: `“${item.input.name}” is already on row ${earlier}.` });
      continue;
    }
    firstRowOf.set(key, row);
    read.push(item.input);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, items: read };
}

function whole(message: string): MenuCsvReading {
  return { ok: false, problems: [{ row: null, message }] };
}

function readHeader(
  values: string[],
  row: number,
): { ok: true; at: Map<Column, number> } | { ok: false; problems: MenuCsvProblem[] } {
  const at = new Map<Column, number>();
  const problems: MenuCsvProblem[] = [];
  values.forEach((value, index) => {
    if (value === '') return;
    const column = headerNames[value.toLowerCase().replace(/\s+/g, ' ')];
    if (!column) {
      problems.push({
        row,
        message: `The column “${value.slice(0, 40)}” is not one the menu has. ${WHAT_TO_WRITE}`,
      });
    } else if (at.has(column)) {
      problems.push({ row, message: `The column “${value.slice(0, 40)}” appears twice.` });
    } else {
      at.set(column, index);
    }
  });
  for (const needed of ['name', 'price'] as const) {
    if (!at.has(needed) && problems.length === 0) {
      problems.push({ row, message: `The header row has no ${needed} column. ${WHAT_TO_WRITE}` });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, at };
}

/** One row through the menu form's own schema, with the allergens read from words. */
function readItem(
  cell: (column: Column) => string,
): { ok: true; input: MenuItemInput } | { ok: false; messages: string[] } {
  const fields: Record<string, string> = {
    name: cell('name'),
    price: cell('price'),
    noticeDays: cell('noticeDays') === '' ? '0' : cell('noticeDays'),
    description: cell('description'),
    available: 'on',
  };
  const messages: string[] = [];
  const written = cell('allergens');
  if (written !== '') {
    // Written down, even as "none": the owner has checked them.
    fields.allergensRecorded = 'on';
    if (!NONE.has(written.toLowerCase())) {
      for (const word of written.split(/[;,]/).map((w) => w.trim().toLowerCase())) {
        if (word === '') continue;
        const allergen = allergenWords[word.replace(/\s+/g, ' ')];
        if (allergen) fields[`contains_${labelSlug(allergen)}`] = 'on';
        else
          messages.push(
            `Allergens: “${word.slice(0, 40)}” is not an allergen the menu knows; use ${allergens.join(', ')} or “none”.`,
          );
      }
    }
  }
  const parsed = menuItemInput.safeParse(fields);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      const column: Column | undefined =
        field === 'name' || field === 'price' || field === 'noticeDays' || field === 'description'
          ? field
          : undefined;
      messages.push(column ? `${columnWords[column]}: ${issue.message}` : issue.message);
    }
  }
  if (messages.length > 0 || !parsed.success) return { ok: false, messages };
  return { ok: true, input: parsed.data };
}
