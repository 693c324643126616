import Link from 'next/link';

/** The guided start opens again from here, whether the owner finished it or skipped it. */
export function GuidedStartLink() {
  return (
    <p className="text-stone-700">
      <Link href="/admin/start" className="font-medium underline">
        Open the guided start again
      </Link>{' '}
      <span className="text-sm">
        — the bakery’s details, hours, menu, staff and the example questions, step by step.
      </span>
    </p>
  );
}
