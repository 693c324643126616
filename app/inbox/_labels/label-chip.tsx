import { chipText } from '@/lib/inbox/labels';

/** A label as a chip: its name on its colour, in black or white text, whichever reads better. */
export function LabelChip({ name, colour }: { name: string; colour: string }) {
  return (
    <span
      data-testid="label-chip"
      className="inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium"
      style={{ backgroundColor: colour, color: chipText(colour) }}
    >
      {name}
    </span>
  );
}
