import type { TemplateFunction } from '../exec/functions';

/**
 * sprig pairs many functions with a must… twin that returns the error its plain twin would swallow;
 * where the two behave the same here, one implementation serves both names (first and mustFirst).
 */
export function withMust(fns: Record<string, TemplateFunction>): Record<string, TemplateFunction> {
  const out = { ...fns };
  for (const [name, fn] of Object.entries(fns)) out['must' + name[0]!.toUpperCase() + name.slice(1)] = fn;
  return out;
}
