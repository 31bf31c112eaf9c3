/**
 * Resource uids as score-go builds them: `type.class#workload.name`, or `type.class#id` when the
 * resource has an id (then every workload that declares it shares it). Class defaults to `default`.
 */
export function resourceUid(workload: string, name: string, type: string, klass?: string, id?: string): string {
  const c = klass ?? 'default';
  return id !== undefined ? `${type}.${c}#${id}` : `${type}.${c}#${workload}.${name}`;
}

export interface UidParts {
  type: string;
  class: string;
  id: string;
}

/** The parts of a uid: type up to the first '.', class up to the '#', id after it. */
export function uidParts(uid: string): UidParts {
  const dot = uid.indexOf('.');
  const hash = uid.indexOf('#');
  return { type: uid.slice(0, dot), class: uid.slice(dot + 1, hash), id: uid.slice(hash + 1) };
}
