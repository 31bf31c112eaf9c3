/** yaml.v3's order of map keys (sorter.go keyList.Less, for string keys): runs of digits compare by value. */
import { isDigit, isLetter } from '../unicode/unicode';
import { codePoints } from './chars';

/** Go map keys in the order yaml.v3 writes them. */
export function sortKeysV3(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0));
}

/** keyList.Less for two strings. Compares code points; runs of digits compare by value. */
function keyLess(a: string, b: string): boolean {
  const ar = codePoints(a);
  const br = codePoints(b);
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i]!;
    const bc = br[i]!;
    if (ac === bc) {
      digits = isDigit(ac);
      continue;
    }
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return ac < bc;
    // A letter sorts after a non-letter, unless both follow a common run of digits.
    if (al || bl) return digits ? al : bl;
    let an = 0n;
    let bn = 0n;
    if (ac === 0x30 || bc === 0x30) {
      // Leading zeros only count when an earlier digit of the shared run was not zero.
      for (let j = i - 1; j >= 0 && isDigit(ar[j]!); j--) {
        if (ar[j] !== 0x30) {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]!); ai++) an = BigInt.asIntN(64, an * 10n + BigInt(ar[ai]! - 0x30));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]!); bi++) bn = BigInt.asIntN(64, bn * 10n + BigInt(br[bi]! - 0x30));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ac < bc;
  }
  return ar.length < br.length;
}
