import { asRecord } from '../../core/inspector';
import { completePlaceholderIn, type Catalog } from '../../core/catalog';

/**
 * The completion list of a placeholder input: what may be typed at the caret inside `${…}`, each
 * with the whole new text it makes. A variable goes down to a resource's output
 * (`${resources.db.host}`); a volume source stops at the resource (`${resources.data}`).
 */
export type PlaceholderMode = 'value' | 'volume';

export interface PlaceholderChoice {
  label: string;
  detail: string;
  /** The field's text once the choice is taken. */
  text: string;
  /** Where the caret goes then. */
  caret: number;
}

export function placeholderChoices(
  workload: unknown,
  catalog: Catalog,
  text: string,
  caret: number,
  mode: PlaceholderMode,
): PlaceholderChoice[] {
  const before = text.slice(0, caret);
  const after = text.slice(caret);
  const completion = completePlaceholderIn(workload, catalog, before);
  if (!completion) return mode === 'volume' && text.trim() === '' ? wholeVolumes(workload) : [];
  const typed = before.slice(completion.from).toLowerCase();
  const out: PlaceholderChoice[] = [];
  for (const s of completion.items) {
    if (mode === 'volume' && (s.kind === 'output' || (s.kind === 'root' && s.label !== 'resources'))) continue;
    if (!s.insert.toLowerCase().startsWith(typed) && !s.label.toLowerCase().startsWith(typed)) continue;
    const closes =
      s.kind === 'output' ||
      (s.kind === 'resource' && mode === 'volume') ||
      (s.kind === 'metadata' && s.detail !== 'a mapping');
    const head = before.slice(0, completion.from) + s.insert;
    if (!closes) out.push({ label: s.label, detail: s.detail, text: head + '.' + after, caret: head.length + 1 });
    else if (after.startsWith('}'))
      out.push({ label: s.label, detail: s.detail, text: head + after, caret: head.length + 1 });
    else out.push({ label: s.label, detail: s.detail, text: head + '}' + after, caret: head.length + 1 });
  }
  return out;
}

/** For an empty volume source: every resource as `${resources.NAME}`, volumes first. */
function wholeVolumes(workload: unknown): PlaceholderChoice[] {
  const resources = Object.entries(asRecord(asRecord(workload)?.resources) ?? {});
  const isVolume = (r: unknown) => asRecord(r)?.type === 'volume';
  return [...resources.filter(([, r]) => isVolume(r)), ...resources.filter(([, r]) => !isVolume(r))].map(
    ([name, r]) => {
      const text = '${resources.' + name.replace(/\./g, '\\.') + '}';
      const type = asRecord(r)?.type;
      return {
        label: text,
        detail: typeof type === 'string' ? `resource of type ${type}` : 'resource',
        text,
        caret: text.length,
      };
    },
  );
}
