import { resourceTypes, typeOrigin, type ResourceTypeInfo } from './resource-types';
import type { Catalog } from './types';

/**
 * The value of a resource's `type:` in the YAML pane: where it is (read from the text as typed, which
 * may not parse yet), the types to suggest there and what a hover says of one. The types are the
 * registry's (resource-types.ts): built-in and loaded files' alike, a loaded file's marked with its name.
 */
export interface ResourceTypeSite {
  /** The resource's name (the key above `type:`). */
  resource: string;
  /** The value as written, without quotes. */
  value: string;
  /** Offsets of the value in the text (its quotes included); `start === end` when it is empty. */
  start: number;
  end: number;
  /** `type:` with nothing after the colon yet: a suggestion goes in after a space. */
  needsSpace: boolean;
}

const TYPE_LINE = /^( *)type *:( *)/;
const KEY_LINE = /^( *)(?:"([^"]*)"|'([^']*)'|([^\s#'"][^:#]*?)) *:[ \t]*(?:#.*)?$/;

/**
 * The `type:` value of a resource (`resources: NAME: type: …`, block style) that `offset` is in or at
 * the end of; undefined anywhere else.
 */
export function resourceTypeSite(text: string, offset: number): ResourceTypeSite | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const line = text.slice(lineStart, newline < 0 ? text.length : newline).replace(/\r$/, '');
  const head = TYPE_LINE.exec(line);
  if (!head) return undefined;
  const valueFrom = head[0].length;
  const comment = line.search(/ #/);
  const raw = line.slice(valueFrom, comment >= valueFrom ? comment : undefined).trimEnd();
  if (offset < lineStart + valueFrom || offset > lineStart + valueFrom + raw.length) return undefined;

  const indent = head[1]!.length;
  const parent = keyAbove(text, lineStart, indent);
  if (!parent || parent.indent === 0) return undefined;
  const root = keyAbove(text, parent.lineStart, parent.indent);
  if (!root || root.indent !== 0 || root.key !== 'resources') return undefined;
  return {
    resource: parent.key,
    value: raw.replace(/^(["'])(.*)\1$/, '$2'),
    start: lineStart + valueFrom,
    end: lineStart + valueFrom + raw.length,
    needsSpace: head[2] === '' && raw === '',
  };
}

/** The nearest line above `before` holding a mapping key alone, indented less than `indent`. */
function keyAbove(
  text: string,
  before: number,
  indent: number,
): { key: string; indent: number; lineStart: number } | undefined {
  let end = before - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    end = start - 1;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const lineIndent = line.length - line.trimStart().length;
    if (lineIndent >= indent) continue;
    const key = KEY_LINE.exec(line);
    if (!key) return undefined;
    return { key: (key[2] ?? key[3] ?? key[4])!, indent: lineIndent, lineStart: start };
  }
  return undefined;
}

export interface TypeSuggestion {
  type: string;
  /** One line: its title, and the file it comes from when a loaded file offers it. */
  detail: string;
  /** What it gives, for the suggestion's details. */
  documentation: string;
}

/** Every type the catalog offers, as the YAML pane suggests them after `type:`. */
export function typeSuggestions(catalog: Catalog): TypeSuggestion[] {
  return resourceTypes(catalog).map((info) => ({
    type: info.type,
    detail: [info.title, typeOrigin(catalog, info.type)].filter(Boolean).join(' — '),
    documentation: describeOutputs(info),
  }));
}

/** What a hover over a resource's type says (plain text, one paragraph per entry). */
export function typeHover(catalog: Catalog, type: string): string[] {
  const info = resourceTypes(catalog).find((t) => t.type === type);
  if (!info) {
    return [`No provisioner in the catalog takes type "${type}": the Compose export cannot provision it.`];
  }
  const origin = typeOrigin(catalog, type);
  return [
    `${info.type}: ${info.title}`,
    origin === undefined
      ? "Provided by score-compose's default provisioners."
      : `Provided by a loaded provisioners file, ${origin}.`,
    describeOutputs(info),
  ];
}

function describeOutputs(info: ResourceTypeInfo): string {
  if (info.mountable) return 'Mounted into a container as a volume source: ${resources.NAME}.';
  return info.outputs.length === 0 ? 'It declares no outputs.' : `Outputs: ${info.outputs.join(', ')}.`;
}
