/**
 * How template functions are described: their Go parameter types, so that arguments are checked and
 * converted as text/template does (exec.go evalCall, validateType).
 */

/**
 * A Go parameter type:
 *   any    interface{}              (a missing value arrives as null)
 *   value  reflect.Value            (a missing value arrives as undefined; builtins use it)
 *   string, int, float (float64), bool, map (map[string]interface{}): checked like Go's validateType.
 */
export type ParamType = 'any' | 'value' | 'string' | 'int' | 'float' | 'bool' | 'map';

export interface FunctionSpec {
  /** Fixed parameters. */
  params: readonly ParamType[];
  /** Element type of a trailing variadic parameter (Go's ...T), if any. */
  variadic?: ParamType;
  /** The implementation; throwing reports `error calling NAME: MESSAGE`. */
  fn: (...args: never[]) => unknown;
}

/**
 * A function a template may call: a FunctionSpec, or a plain JavaScript function, which is taken as
 * func(...interface{}) interface{} (any number of arguments, no checks).
 */
export type TemplateFunction = FunctionSpec | ((...args: never[]) => unknown);

export function toSpec(f: TemplateFunction): FunctionSpec {
  return typeof f === 'function' ? { params: [], variadic: 'any', fn: f } : f;
}

/** Go's name of a parameter type, for "wrong type for value; expected …". */
export function paramTypeName(t: ParamType): string {
  switch (t) {
    case 'any':
      return 'interface {}';
    case 'value':
      return 'reflect.Value';
    case 'float':
      return 'float64';
    case 'map':
      return 'map[string]interface {}';
    default:
      return t;
  }
}

export function spec(params: readonly ParamType[], fn: FunctionSpec['fn'], variadic?: ParamType): FunctionSpec {
  return variadic ? { params, variadic, fn } : { params, fn };
}
