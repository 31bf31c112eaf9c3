/**
 * Go text/template with the sprig functions, as score-compose runs its provisioner templates.
 * Pure TypeScript: no DOM, no Node APIs, so exports can render in the browser.
 *
 *   const random = new SeededRandom(42);
 *   renderTemplate('', 'name: {{ .Id | replace "." "-" }}-{{ randAlphaNum 6 }}', data, {
 *     functions: sprigFunctions(random),
 *   });
 */
import { TemplateError } from './parse/errors';
import { executeTemplate, type TemplateOptions } from './exec/execute';
import { parseTemplate, type ParsedTemplate } from './parse/parser';

export { TemplateError, type BudgetLimit, type TemplatePhase } from './parse/errors';
export { TEMPLATE_BUDGET } from './exec/budget';
export { executeTemplate, type TemplateOptions } from './exec/execute';
export { parseTemplate, BUILTIN_NAMES, type ParsedTemplate, type ParseOptions } from './parse/parser';
export type { FunctionSpec, ParamType, TemplateFunction } from './exec/functions';
export { isTrue } from './exec/truth';
export { sprigFunctions } from './sprig';
export { SeededRandom } from './sprig/random';
export { seedFromString } from './sprig/seed';

/**
 * Parses and executes in one step. Function names are checked at parse time, as Go does when
 * functions are registered before Parse (so an unknown one is `function "x" not defined`).
 */
export function renderTemplate(name: string, source: string, data: unknown, options: TemplateOptions = {}): string {
  const tpl: ParsedTemplate = parseTemplate(name, source, { functions: Object.keys(options.functions ?? {}) });
  return executeTemplate(tpl, data, options);
}

export type RenderResult = { ok: true; output: string } | { ok: false; error: TemplateError };

/** renderTemplate that reports a template error instead of throwing it. */
export function tryRenderTemplate(
  name: string,
  source: string,
  data: unknown,
  options: TemplateOptions = {},
): RenderResult {
  try {
    return { ok: true, output: renderTemplate(name, source, data, options) };
  } catch (e) {
    if (e instanceof TemplateError) return { ok: false, error: e };
    throw e;
  }
}
