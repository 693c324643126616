import { type InsightsRange, rangePresets } from '@/lib/insights/range';

/** The range above a dashboard: a plain GET form, so it works before any script loads. */
export function RangeForm({
  action,
  range,
  error,
}: {
  action: string;
  range: InsightsRange;
  error?: string;
}) {
  return (
    <search>
      <form action={action} className="flex flex-wrap items-end gap-3" data-testid="range-form">
        <div className="flex flex-col text-sm">
          <label htmlFor="range-preset">Range</label>
          <select
            id="range-preset"
            name="range"
            defaultValue={range.preset}
            className="rounded border px-2 py-1"
          >
            {rangePresets.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
            <option value="custom">Custom days</option>
          </select>
        </div>
        <label className="flex flex-col text-sm">
          From
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            className="rounded border px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm">
          To
          <input
            type="date"
            name="to"
            defaultValue={range.to}
            className="rounded border px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded bg-stone-800 px-3 py-1.5 text-white">
          Show
        </button>
      </form>
      {error ? (
        <p role="alert" data-testid="range-error" className="text-sm text-red-800">
          {error} Showing the last 30 days.
        </p>
      ) : null}
      <p className="text-sm text-stone-700" data-testid="range-shown">
        {range.from} to {range.to}, in the bakery’s timezone.
      </p>
    </search>
  );
}
