import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical problems axe-core finds on the page (or inside `include`, a CSS
 * selector), one line each: the rule and where it failed. Empty means none.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations are read: axe then builds selectors for one node per other result type
  // (passes, incomplete, inapplicable), not for every node of the page; every rule still runs.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim()).join(' | ')}`,
    );
}
