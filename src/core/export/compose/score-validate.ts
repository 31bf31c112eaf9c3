import { scanPlaceholders, WELL_FORMED_PLACEHOLDER } from '../../workload/placeholder-syntax';
import { sortStrings as sortGoStrings } from '../../go/sort';
import { stringsIn } from '../../workload/values';
import { type ScoreWorkload } from './workload';

/**
 * score-go's loader.Validate, which score-compose runs before converting: well-formed placeholders
 * with a known root and resource, and a sound `before` graph. Messages are worded as score-go words
 * them; score-go lists placeholders in map order, we list them sorted so that output is stable.
 */
export function validateWorkload(workload: ScoreWorkload): string[] {
  const messages: string[] = [];
  if (workload.name === '') messages.push('metadata.name must be a non-empty string');

  for (const placeholder of sortGoStrings(listPlaceholders(workload))) {
    if (!WELL_FORMED_PLACEHOLDER.test(placeholder)) {
      messages.push(
        `placeholder \${${placeholder}} is malformed, must contain at least two elements separated by ".", each element must be alphanumeric or contain "_" or "-"`,
      );
      continue;
    }
    const parts = placeholder.split('.');
    if (parts[0] === 'resources') {
      if (!Object.prototype.hasOwnProperty.call(workload.resources, parts[1]!)) {
        messages.push(
          `placeholder \${${placeholder}} does not resolve to a resource, no resource with name "${parts[1]}"`,
        );
      }
    } else if (parts[0] !== 'metadata') {
      messages.push(`placeholder \${${placeholder}} has unsupported first element of "${parts[0]}"`);
    }
  }

  const names = sortGoStrings(Object.keys(workload.containers));
  const waitingFor = new Map<string, string[]>();
  for (const name of names) {
    for (const dep of sortGoStrings(Object.keys(workload.containers[name]!.before))) {
      if (dep === name) messages.push(`container ${goQuote(name)} has a self-referencing before entry`);
      else if (!names.includes(dep)) {
        messages.push(`container ${goQuote(name)} before refers to unknown container ${goQuote(dep)}`);
      } else waitingFor.set(name, [...(waitingFor.get(name) ?? []), dep]);
    }
  }
  if (hasCycle(names, waitingFor)) messages.push('containers before relationships contain a cycle');
  return messages;
}

/** The whole error as score-compose prints it. */
export function validationError(workload: string, messages: string[]): string {
  return `validation errors in workload '${workload}': validating workload:\n    ${messages.join('\n    ')}`;
}

function listPlaceholders(workload: ScoreWorkload): Set<string> {
  const found = new Set<string>();
  const add = (value: string): void => {
    for (const token of scanPlaceholders(value)) found.add(token.content);
  };
  for (const container of Object.values(workload.containers)) {
    for (const file of Object.values(container.files)) {
      if (file.noExpand !== true && file.content !== undefined) add(file.content);
    }
    for (const value of Object.values(container.variables)) add(value);
    for (const volume of Object.values(container.volumes)) add(volume.source);
  }
  for (const resource of Object.values(workload.resources)) for (const value of stringsIn(resource.params)) add(value);
  return found;
}

function hasCycle(names: string[], edges: Map<string, string[]>): boolean {
  const colour = new Map<string, 'grey' | 'black'>();
  const visit = (node: string): boolean => {
    colour.set(node, 'grey');
    for (const dep of edges.get(node) ?? []) {
      const c = colour.get(dep);
      if (c === 'grey') return true;
      if (c === undefined && visit(dep)) return true;
    }
    colour.set(node, 'black');
    return false;
  };
  return names.some((name) => colour.get(name) === undefined && visit(name));
}

/** Go's %q for the simple names used here. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
