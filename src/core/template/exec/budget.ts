/**
 * What one template execution may do. Go's text/template has no such limits: score-compose runs a
 * provisioner's template to the end, however long and large. Here a template may come with a link
 * (`?catalog=`) and runs in the user's tab, so `{{ repeat 50000000 "a" }}` or `{{ range until
 * 1000000000 }}` must end with a clear error instead of freezing the tab or exhausting memory. The
 * limits are far above any real provisioner (a few hundred steps, a few kilobytes of output).
 */
export const TEMPLATE_BUDGET = {
  /** Characters of output, and of any one string a function returns. */
  output: 4 * 1024 * 1024,
  /** Items of any one list a function returns. */
  items: 1_000_000,
  /** Nodes walked, loop iterations and function calls, all told. */
  steps: 1_000_000,
} as const;

/** A number as people read it: 4,194,304. */
export function counted(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * Throws, before a function builds it, when a result of `size` characters or items would pass the
 * budget. The evaluator words the error as Go words a failing call: `error calling repeat: …`.
 */
export function withinBudget(size: number, unit: 'characters' | 'items'): void {
  const limit = unit === 'characters' ? TEMPLATE_BUDGET.output : TEMPLATE_BUDGET.items;
  if (size > limit) {
    throw new Error(
      `the result would hold ${counted(size)} ${unit}; a template may build at most ${counted(limit)}. Use a smaller count`,
    );
  }
}
