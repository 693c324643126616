'use client';

/**
 * The table beside each chart. A client component although it has no state: its rows then
 * travel in the React payload as plain values rather than as an element per cell, and over 90
 * busy days each table holds a row per day, rendered into the HTML and sent again in that
 * payload. For the same reason its cells are styled from the table rather than cell by cell.
 */
const tableStyle = [
  'border-collapse text-sm',
  '[&_th[scope=row]]:whitespace-nowrap [&_th[scope=row]]:px-2 [&_th[scope=row]]:py-0.5 [&_th[scope=row]]:text-left',
  '[&_tbody_th]:font-normal',
  '[&_td]:whitespace-nowrap [&_td]:px-2 [&_td]:py-0.5 [&_td]:text-right [&_td]:tabular-nums',
  '[&_tfoot_tr]:border-t [&_tfoot_tr]:border-stone-300 [&_tfoot_tr]:font-semibold',
].join(' ');

/** A row's cells: the first a row header, the rest its figures. */
function RowCells({ columns, cells }: { columns: string[]; cells: (string | number)[] }) {
  return cells.map((cell, i) =>
    i === 0 ? (
      <th key={columns[i]} scope="row">
        {cell}
      </th>
    ) : (
      <td key={columns[i]}>{cell}</td>
    ),
  );
}

/** A plain table: a caption, column headers, the first cell of each row a row header. */
export function FigureTable({
  caption,
  columns,
  rows,
  foot,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
  /** A totals row. */
  foot?: (string | number)[];
}) {
  return (
    <table className={tableStyle} data-testid="figure-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="border-b border-stone-300 px-2 py-1 text-left">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            <RowCells columns={columns} cells={row} />
          </tr>
        ))}
      </tbody>
      {foot ? (
        <tfoot>
          <tr>
            <RowCells columns={columns} cells={foot} />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
