import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
let source: string | undefined;

/** What the desk is held to: WCAG 2.2 AA (target size among it) and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Runs axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules, and axe's best practices) over the page,
 * or only the parts `include` selects, and fails with each violation's rule, help text and
 * elements. The script is evaluated through
 * the browser's debugging protocol, so the page's CSP (scripts only with its nonce) stays on.
 */
export async function expectNoAxeViolations(page: Page, include?: string[]): Promise<void> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const violations = await page.evaluate(
    async ({ selectors, tags }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
        .axe;
      const context = selectors ? { include: selectors.map((selector) => [selector]) } : document;
      const results = (await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })) as {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: string[] }[];
        }[];
      };
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { selectors: include ?? null, tags: axeTags },
  );
  expect(violations as Violation[]).toEqual([]);
}
