/**
 * Kubernetes label selectors (`matchLabels` and `matchExpressions`), as the API machinery matches
 * them: every entry of matchLabels and every expression must hold; an empty selector matches
 * everything. A malformed selector (an unknown operator, `In` without values, `Exists` with values)
 * matches nothing and says why, as `LabelSelectorAsSelector` refuses it.
 */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export type SelectorVerdict = { matches: boolean; error?: undefined } | { matches: false; error: string };

export function matchLabelSelector(selector: LabelSelector, labels: Readonly<Record<string, string>>): SelectorVerdict {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(labels, key);
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (!has(key) || labels[key] !== value) return { matches: false };
  }
  for (const requirement of selector.matchExpressions ?? []) {
    const { key, operator } = requirement;
    const values = requirement.values ?? [];
    switch (operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) return { matches: false, error: `operator ${operator} on "${key}" needs values` };
        if ((operator === 'In') !== (has(key) && values.includes(labels[key]!))) return { matches: false };
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) return { matches: false, error: `operator ${operator} on "${key}" takes no values` };
        if ((operator === 'Exists') !== has(key)) return { matches: false };
        break;
      default:
        return {
          matches: false,
          error: `"${operator}" is not a label selector operator (In, NotIn, Exists or DoesNotExist)`,
        };
    }
  }
  return { matches: true };
}

/** A selector read from YAML data, leniently: what is not a selector's shape is left out. */
export function readLabelSelector(value: unknown): LabelSelector {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const data = value as Record<string, unknown>;
  const selector: LabelSelector = {};
  const labels = stringMap(data.matchLabels);
  if (labels) selector.matchLabels = labels;
  if (Array.isArray(data.matchExpressions)) {
    selector.matchExpressions = data.matchExpressions.map((e: unknown) => {
      const item = typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {};
      return {
        key: String(item.key ?? ''),
        operator: String(item.operator ?? ''),
        ...(Array.isArray(item.values) ? { values: item.values.map(String) } : {}),
      };
    });
  }
  return selector;
}

/** A map of strings (labels, annotations, matchLabels); undefined when the value is not a map. */
export function stringMap(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true });
  }
  return out;
}
