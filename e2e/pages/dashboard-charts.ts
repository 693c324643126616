import type { Locator } from '@playwright/test';

/** The words a figure's chart draws (axis ticks, legend), in document order. */
export function chartTexts(figure: Locator): Promise<string[]> {
  return figure
    .locator('svg text')
    .evaluateAll((texts) => texts.map((text) => (text.textContent ?? '').trim()));
}

/**
 * Whether a figure's chart is cut off at the current screen size: it is not when its picture
 * lies within the screen's width, or when it scrolls inside a region of the screen's width
 * that takes keyboard focus and has a name.
 */
export function chartCutOff(figure: Locator): Promise<boolean> {
  return figure.getByRole('img').evaluate((svg) => {
    const within = (box: DOMRect) => box.left >= 0 && box.right <= window.innerWidth + 0.5;
    if (within(svg.getBoundingClientRect())) return false;
    for (let box = svg.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!['auto', 'scroll'].includes(style.overflowX)) continue;
      const named = Boolean(box.getAttribute('aria-label') || box.getAttribute('aria-labelledby'));
      const focusable = box.tabIndex >= 0;
      return !(within(box.getBoundingClientRect()) && named && focusable);
    }
    return true;
  });
}
