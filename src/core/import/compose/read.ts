import type { Diagnostic, DiagnosticCode, Severity } from '../../diagnostics';
import { parseWorkloadText, type ParsedDocument } from '../../document/parse';
import { toPointer } from '../../document/pointer';
import { rangeOf, type RangePart } from '../../document/source-map';

/**
 * Reading a Compose file: YAML read as the workload's text is read (size, binary content, alias
 * bombs, nesting and duplicate keys all end in a diagnostic, never a crash), then the top level.
 * Everything the import says is a diagnostic at its place in the Compose file.
 */

/** A Compose file over this is refused: real ones are a few kilobytes. */
export const MAX_COMPOSE_LENGTH = 4 * 1024 * 1024;
/** More services than this is no project a person reads as a graph. */
export const MAX_SERVICES = 500;

export type Data = Record<string, unknown>;

export function isData(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own entry of a mapping, or undefined (never one of Object.prototype's). */
export function own(record: unknown, key: string): unknown {
  return isData(record) && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** `record[key] = value` for any key as an own entry (`__proto__` included). */
export function put(record: Data, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A table's entry for a key read from the file, never one of Object.prototype's (`__proto__`, `constructor`). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Says things about the Compose file, each at its place. */
export class Notes {
  readonly list: Diagnostic[] = [];
  constructor(readonly parsed: ParsedDocument) {}

  add(severity: Severity, code: DiagnosticCode, message: string, at: readonly string[], part: RangePart = 'key') {
    const path = toPointer(at);
    this.list.push({ severity, code, message, path, range: rangeOf(this.parsed, path, part), source: 'import' });
  }

  /** What Score (or score-compose) cannot express: left out, with the reason. */
  notConverted(message: string, at: readonly string[]) {
    this.add('warning', 'COMPOSE_NOT_CONVERTED', message, at);
  }

  /** Converted, with a change the user should know about. */
  changed(message: string, at: readonly string[]) {
    this.add('info', 'COMPOSE_CHANGED', message, at);
  }

  invalid(message: string, at: readonly string[] = []) {
    this.add('error', 'COMPOSE_INVALID', message, at);
  }
}

export interface ComposeFile {
  parsed: ParsedDocument;
  notes: Notes;
  /** The services by name, in the file's order; empty when the file cannot be imported. */
  services: Array<[string, Data]>;
  /** The top-level named volumes as declared (`volumes:`). */
  volumes: Data;
  /** The project's name (`name:`), when it is one Compose takes. */
  project?: string;
}

/** Reads the text; `services` is empty when there is nothing to import (the notes say why). */
export function readCompose(text: string): ComposeFile {
  const parsed = parseWorkloadText(text.length > MAX_COMPOSE_LENGTH ? '' : text);
  const notes = new Notes(parsed);
  const none = { parsed, notes, services: [], volumes: {} };
  if (text.length > MAX_COMPOSE_LENGTH) {
    notes.invalid(
      `The file is ${(text.length / 1048576).toFixed(1)} MB; a Compose file to import must be under ${MAX_COMPOSE_LENGTH / 1048576} MB.`,
    );
    return none;
  }
  for (const d of parsed.syntax) {
    // The reader speaks of workloads; here the file is a Compose file.
    const message =
      d.code === 'EMPTY_DOCUMENT'
        ? 'The file is empty: a Compose file needs a services mapping.'
        : d.code === 'NOT_A_MAPPING'
          ? 'A Compose file must be a mapping (services:, volumes:, …) at the top level.'
          : d.code === 'MULTIPLE_DOCUMENTS'
            ? 'This file holds more than one YAML document; only the first is imported.'
            : d.code === 'BINARY_CONTENT'
              ? 'This is not a text file: it holds binary data. Give a compose.yaml instead.'
              : d.message;
    notes.list.push({ ...d, message, source: 'import' });
  }
  if (parsed.blocked || !isData(parsed.value)) return none;
  const top = parsed.value;
  const services = own(top, 'services');
  if (!isData(services) || Object.keys(services).length === 0) {
    notes.invalid(
      'The file has no services: a Compose file to import needs a services mapping with at least one service.',
      [...(services === undefined ? [] : ['services'])],
    );
    return none;
  }
  const entries = Object.entries(services);
  if (entries.length > MAX_SERVICES) {
    notes.invalid(`The file has ${entries.length} services; at most ${MAX_SERVICES} can be imported.`, ['services']);
    return none;
  }
  for (const key of Object.keys(top)) {
    if (key === 'services' || key === 'volumes' || key === 'name' || key.startsWith('x-')) continue;
    if (key === 'version') {
      notes.changed('version is obsolete in Compose and has no meaning in Score; it is left out.', [key]);
      continue;
    }
    const why: Readonly<Record<string, string>> = {
      networks: 'Score workloads share one network in score-compose; the networks declared here are left out.',
      secrets:
        'Score has no secrets of its own: pass them as variables from an environment resource, or through a provisioner.',
      configs: 'Score mounts files with containers.*.files; configs are left out.',
      include: 'included Compose files are not read: import each of them on its own.',
      models: 'models are left out: Score has no such field.',
    };
    notes.notConverted(lookup(why, key) ?? `"${key}" is not a Compose field Score can express; it is left out.`, [key]);
  }
  const readable: Array<[string, Data]> = [];
  for (const [name, spec] of entries) {
    if (isData(spec)) readable.push([name, spec]);
    else
      notes.invalid(`Service "${name}" must be a mapping (image:, environment:, …); it is left out.`, [
        'services',
        name,
      ]);
  }
  const volumes = own(top, 'volumes');
  const project = own(top, 'name');
  return {
    parsed,
    notes,
    services: readable,
    volumes: isData(volumes) ? volumes : {},
    ...(typeof project === 'string' && /^[a-z0-9][a-z0-9_-]*$/.test(project) ? { project } : {}),
  };
}
