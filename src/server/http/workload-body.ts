import type { ValidationProblem } from '../../api/contract';
import { parseWorkloadText } from '../../core/document/parse';
import { JSON_TYPE } from './negotiate';

/**
 * A workload sent to the server, read once when the body arrives: its text exactly as sent (what
 * is stored, and given back byte for byte), and its data. A body that is no workload to store is
 * refused here with the reason: not JSON or not YAML, binary, an alias bomb, nesting deeper than
 * any workload, or a `__proto__` key (harmless to us, but a trap for whoever reads the data next).
 */
export type WorkloadBody =
  | { ok: true; text: string; value: unknown }
  | { ok: false; text: string; message: string; problems: ValidationProblem[] };

/** A workload nests about ten levels; this is far past any real one and far below a stack's limit. */
export const MAX_BODY_DEPTH = 64;

/**
 * Keys refused anywhere in a workload, as JSON parsers that guard against prototype pollution refuse
 * them: `__proto__`, and a `constructor` holding a `prototype`.
 */
function isTrapKey(key: string, value: unknown): boolean {
  if (key === '__proto__') return true;
  return key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype');
}

export function readWorkloadBody(text: string, mediaType: string): WorkloadBody {
  const refuse = (code: string, message: string, path = ''): WorkloadBody => ({
    ok: false,
    text,
    message,
    problems: [{ path, message, code }],
  });
  let value: unknown;
  if (mediaType === JSON_TYPE) {
    if (text.includes('\u0000'))
      return refuse('BINARY_CONTENT', 'The body holds binary data (a NUL character): send a workload as JSON text.');
    try {
      value = JSON.parse(text); // own properties only: a "__proto__" key cannot reach a prototype here
    } catch (error) {
      return refuse('SYNTAX_ERROR', `The body is not JSON: ${(error as Error).message}.`);
    }
  } else {
    // The app's own reader: it refuses binary text, alias bombs and deep nesting with its reasons.
    const parsed = parseWorkloadText(text);
    if (parsed.blocked) {
      const first = parsed.syntax.find((d) => d.severity === 'error');
      const problems = parsed.syntax
        .filter((d) => d.severity === 'error')
        .map((d) => ({
          path: d.path,
          message: `Line ${d.range.line}, column ${d.range.column}: ${d.message}`,
          code: d.code,
        }));
      return { ok: false, text, message: `The body is not readable YAML. ${first?.message ?? ''}`.trim(), problems };
    }
    value = parsed.value;
  }
  const trap = findTrap(value);
  if (trap) return refuse(trap.code, trap.message, trap.path);
  return { ok: true, text, value };
}

/** The first forbidden key or the first place too deep, walking without recursion. */
function findTrap(root: unknown): { code: string; message: string; path: string } | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return {
        code: 'TOO_DEEP',
        message: `The workload nests more than ${MAX_BODY_DEPTH} levels deep at ${path || '/'}; no workload needs this.`,
        path,
      };
    }
    for (const key of Object.keys(value)) {
      const here = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const child = (value as Record<string, unknown>)[key];
      if (!Array.isArray(value) && isTrapKey(key, child)) {
        return {
          code: 'FORBIDDEN_KEY',
          message: `The key "${key}" at ${here} is refused: it is no part of a Score workload, and programs that read the data could be tricked by it.`,
          path: here,
        };
      }
      stack.push({ value: child, path: here, depth: depth + 1 });
    }
  }
  return undefined;
}
