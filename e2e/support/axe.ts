import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What the desk is held to: WCAG 2.2 AA (target size among it) and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Runs axe (@axe-core/playwright: WCAG 2.0, 2.1 and 2.2 A and AA rules, and axe's best
 * practices) over the page and the frames in it, or only the parts `include` selects, and fails
 * with each violation's rule, help text and elements. Playwright evaluates axe's script itself,
 * so the page's CSP (scripts only with its nonce) stays on.
 */
export async function expectNoAxeViolations(page: Page, include?: string[]): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(axeTags);
  for (const selector of include ?? []) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const found: Violation[] = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(found).toEqual([]);
}
