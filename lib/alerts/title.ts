/** The tab's title and icon carry how many questions need review, wherever a person is. */

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** "(3) Inbox · Bakery Desk"; no count when nothing waits; 99+ past two digits. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  if (!Number.isFinite(count) || count <= 0) return base;
  return `(${countLabel(count)}) ${base}`;
}

export function countLabel(count: number): string {
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** Said beside the count for screen readers and tooltips. */
export function needsReviewWords(count: number): string {
  if (count <= 0) return 'Nothing needs review';
  return count === 1 ? '1 question needs review' : `${countLabel(count)} questions need review`;
}

// The desk's icon (app/icon.svg) drawn again, so the badge sits on the same picture.
const ICON_BODY =
  '<rect width="32" height="32" rx="7" fill="#b45309"/>' +
  '<path d="M7 20c0-6 4-10 9-10s9 4 9 10c0 1.5-1 2.5-2.5 2.5h-13C8 22.5 7 21.5 7 20z" fill="#fef3c7"/>' +
  '<path d="M12 13.5l1.5 6M16 12.5v7M20 13.5l-1.5 6" stroke="#b45309" stroke-width="1.5" stroke-linecap="round"/>';

/** The icon as SVG text, with a red badge holding the count when any question waits. */
export function badgedIconSvg(count: number): string {
  const badge =
    count > 0
      ? `<circle cx="23" cy="9" r="9" fill="#dc2626" stroke="#fff" stroke-width="1.5"/>` +
        `<text x="23" y="13" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" font-size="${countLabel(count).length > 1 ? 9 : 12}" fill="#fff">${countLabel(count)}</text>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${ICON_BODY}${badge}</svg>`;
}

export function badgedIconHref(count: number): string {
  return `data:image/svg+xml,${encodeURIComponent(badgedIconSvg(count))}`;
}
