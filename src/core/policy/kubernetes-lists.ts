import { CelScalar, celMethod, isCelUint, listType, type CelFunc, type CelValue } from '@bufbuild/cel';

/**
 * Kubernetes' list library for CEL (the functions its API server adds for CRD rules and admission
 * policies): `isSorted()`, `sum()`, `min()`, `max()` on a list of numbers or strings. Elements of
 * different kinds cannot be compared, as in Kubernetes, and give an error.
 */

type Comparable = bigint | number | string;

function comparable(list: Iterable<CelValue>, name: string): Comparable[] {
  const items: Comparable[] = [];
  let kind: string | undefined;
  for (const item of list) {
    const value = isCelUint(item) ? item.value : item;
    if (typeof value !== 'bigint' && typeof value !== 'number' && typeof value !== 'string') {
      throw new Error(`${name}() needs a list of numbers or strings`);
    }
    const itemKind = typeof value === 'string' ? 'string' : typeof value === 'bigint' ? 'int' : 'double';
    if (kind !== undefined && itemKind !== kind) throw new Error(`${name}() cannot compare ${kind} with ${itemKind}`);
    kind = itemKind;
    items.push(value);
  }
  return items;
}

function compare(a: Comparable, b: Comparable): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function extreme(list: Iterable<CelValue>, name: 'min' | 'max'): Comparable {
  const items = comparable(list, name);
  if (items.length === 0) throw new Error(`${name}() called on an empty list`);
  const sign = name === 'min' ? -1 : 1;
  return items.reduce((best, item) => (compare(item, best) * sign > 0 ? item : best));
}

const anyList = listType(CelScalar.DYN);

export const kubernetesLists: CelFunc[] = [
  celMethod('isSorted', anyList, [], CelScalar.BOOL, function () {
    const items = comparable(this, 'isSorted');
    return items.every((item, i) => i === 0 || compare(items[i - 1]!, item) <= 0);
  }),
  celMethod('sum', anyList, [], CelScalar.DYN, function () {
    const items = comparable(this, 'sum');
    if (items.some((i) => typeof i === 'string')) throw new Error('sum() needs a list of numbers');
    if (items.every((i) => typeof i === 'bigint')) return items.reduce<bigint>((a, b) => a + (b as bigint), 0n);
    return items.reduce<number>((a, b) => a + Number(b), 0);
  }),
  celMethod('min', anyList, [], CelScalar.DYN, function () {
    return extreme(this, 'min');
  }),
  celMethod('max', anyList, [], CelScalar.DYN, function () {
    return extreme(this, 'max');
  }),
];
