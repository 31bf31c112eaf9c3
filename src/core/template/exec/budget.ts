/**
 * What one template execution may do. Go's text/template has no such limits: score-compose runs a
 * provisioner's template to the end, however long and large. Here a template may come with a link
 * (`?catalog=`) and runs in the user's tab, so `{{ repeat 50000000 "a" }}` or `{{ range until
 * 1000000000 }}` must end with a clear error instead of freezing the tab or exhausting memory. The
 * limits are far above any real provisioner (a few hundred steps, a few kilobytes of output, well
 * under a millisecond).
 */
export const TEMPLATE_BUDGET = {
  /** Characters of output, and of any one string a function returns. */
  output: 4 * 1024 * 1024,
  /** Items of any one list a function returns. */
  items: 1_000_000,
  /** Nodes walked, loop iterations and function calls, all told. */
  steps: 1_000_000,
  /**
   * Characters and list items the template's function calls build, all told: what it may hold in
   * memory (a string of 4 MB built 8 times over, in a loop or a variable, and no more). Counting what
   * is built, not what is kept, bounds the work of costly functions too (a hash of 4 MB, 8 times).
   */
  memory: 32 * 1024 * 1024,
  /**
   * Milliseconds of wall-clock time, checked every few steps and after each function call: the last
   * guard, for a run within the others that is slow all the same (a hash or a match over megabytes,
   * many times). Real provisioners run in well under a millisecond; a million light steps take about
   * 0.3 s on a quiet machine and under 2 s on a loaded one, so that the step budget, not the clock,
   * ends such a run and its error does not depend on the machine's load.
   */
  timeMs: 5_000,
} as const;

/** How many steps pass between two looks at the clock (a look costs more than a step). */
export const STEPS_PER_CLOCK_CHECK = 256;

/** A number as people read it: 4,194,304. */
export function counted(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * Which limit an error a function threw is about, when withinBudget threw it (a mark on the error, not
 * a class of its own: this module is on the page's first download, with the built-in catalog).
 */
export function budgetLimitOf(error: unknown): 'output' | 'items' | undefined {
  return (error as { budgetLimit?: 'output' | 'items' } | null)?.budgetLimit;
}

/**
 * Throws, before a function builds it, when a result of `size` characters or items would pass the
 * budget. The evaluator words the error as Go words a failing call: `error calling repeat: …`.
 */
export function withinBudget(size: number, unit: 'characters' | 'items'): void {
  const limit = unit === 'characters' ? TEMPLATE_BUDGET.output : TEMPLATE_BUDGET.items;
  if (size > limit) {
    throw Object.assign(
      new Error(
        `the result would hold ${counted(size)} ${unit}; a template may build at most ${counted(limit)}. Use a smaller count`,
      ),
      { budgetLimit: unit === 'characters' ? 'output' : 'items' },
    );
  }
}
