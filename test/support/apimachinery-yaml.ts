import { quoteStyleV3, sortKeysV3 } from '../../src/core/go/yaml';

/**
 * How Kubernetes' YAML serializer (k8s.io/apimachinery's json → sigs.k8s.io/yaml → go-yaml v2)
 * lays out an object: keys sorted, lists not indented under their key (`- ` at the key's column),
 * 2-space nesting. score-k8s's function-level golden (TestMassive) is written this way, where its
 * generate command writes yaml.v3's layout. Scalars are quoted as yaml.v3 quotes them, which is the
 * same for the plain text of manifests; go-yaml v2 also folds long strings at 80 columns, which this
 * printer does not do (no golden needs it).
 */
export function writeApimachineryYaml(value: unknown): string {
  return lines(value, 0).join('\n') + '\n';
}

function lines(value: unknown, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const inner = block(item) ? lines(item, indent + 2) : [pad + '  ' + scalar(item)];
      return [`${pad}- ${inner[0]!.slice(indent + 2)}`, ...inner.slice(1)];
    });
  }
  const record = value as Record<string, unknown>;
  return sortKeysV3(Object.keys(record).filter((k) => record[k] !== undefined)).flatMap((key) => {
    const v = record[key];
    if (!block(v)) return [`${pad}${scalarKey(key)}: ${scalar(v)}`];
    // go-yaml v2 does not indent a list under its key.
    return [`${pad}${scalarKey(key)}:`, ...lines(v, Array.isArray(v) ? indent : indent + 2)];
  });
}

/** A non-empty list or mapping, written as a block. */
function block(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'object' && v !== null && Object.keys(v).length > 0;
}

function scalarKey(key: string): string {
  return scalar(key);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  if (typeof v !== 'string') return String(v);
  const style = quoteStyleV3(v);
  if (style === 'plain') return v;
  if (style === 'single') return `'${v.replace(/'/g, "''")}'`;
  return JSON.stringify(v);
}
