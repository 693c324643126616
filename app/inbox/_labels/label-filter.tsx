import Link from 'next/link';
import type { Label } from '@/db/schema';
import { LabelChip } from './label-chip';

/** The inbox's label filter: every label as a link; the chosen one pressed, with a way back. */
export function LabelFilter({
  labels,
  current,
  hrefFor,
}: {
  labels: Label[];
  current: number | undefined;
  hrefFor: (labelId: number | undefined) => string;
}) {
  if (labels.length === 0) return null;
  return (
    <nav aria-label="Filter by label" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Labels:</span>
      {labels.map((label) => (
        <Link
          key={label.id}
          href={hrefFor(label.id === current ? undefined : label.id)}
          aria-current={label.id === current ? 'true' : undefined}
          data-testid="label-filter"
          className="rounded-full p-0.5 aria-[current=true]:outline aria-[current=true]:outline-2 aria-[current=true]:outline-stone-900"
        >
          <LabelChip name={label.name} colour={label.colour} />
          <span className="sr-only">
            {label.id === current ? ' (showing only these; show all)' : ''}
          </span>
        </Link>
      ))}
      {current !== undefined ? (
        <Link href={hrefFor(undefined)} className="underline">
          All labels
        </Link>
      ) : null}
    </nav>
  );
}

/** A row's label chips. */
export function RowLabels({ labels }: { labels: Label[] | undefined }) {
  if (!labels || labels.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="row-labels">
      {labels.map((label) => (
        <LabelChip key={label.id} name={label.name} colour={label.colour} />
      ))}
    </span>
  );
}
