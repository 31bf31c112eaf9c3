/**
 * CPU and memory amounts as the Score spec writes them, read into numbers so that the form can say
 * what an amount means ("250m = 0.25 CPU", "512Mi = 536,870,912 bytes"). The patterns are the
 * schema's own: an amount the schema rejects is never read as valid here (checked by a property test).
 */

import { MEMORY_UNITS } from '../workload/quantities';

export const CPU_PATTERN = /^\d+(?:m|\.\d+)?$/;
export const MEMORY_PATTERN = /^(0\.\d+|[1-9]\d*(\.\d+)?)(K|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

export type MemoryUnit = 'K' | 'M' | 'G' | 'T' | 'P' | 'E' | 'Ki' | 'Mi' | 'Gi' | 'Ti' | 'Pi' | 'Ei';

export type Amount = { valid: true; value: number; meaning: string } | { valid: false; hint: string };

/** CPUs: whole or decimal (`2`, `0.5`), or thousandths with `m` (`250m`). */
export function readCpu(text: string): Amount {
  if (!CPU_PATTERN.test(text)) {
    return {
      valid: false,
      hint: 'A CPU amount is a whole or decimal number of CPUs, or thousandths with m: 2, 0.5, 250m.',
    };
  }
  const cores = text.endsWith('m') ? Number(text.slice(0, -1)) / 1000 : Number(text);
  return { valid: true, value: cores, meaning: `${formatNumber(cores)} CPU` };
}

/** Memory: bytes with an optional decimal (K, M, …) or binary (Ki, Mi, …) unit. */
export function readMemory(text: string): Amount {
  const match = MEMORY_PATTERN.exec(text);
  if (!match) {
    return {
      valid: false,
      hint: 'A memory amount is a number with an optional unit: K, M, G, T, P, E (×1000) or Ki, Mi, Gi, Ti, Pi, Ei (×1024), such as 512Mi.',
    };
  }
  const unit = match[3] as MemoryUnit | undefined;
  const bytes = Number(match[1]) * (unit ? MEMORY_UNITS[unit]! : 1);
  return { valid: true, value: bytes, meaning: describeBytes(bytes) };
}

/** "536,870,912 bytes (512 MiB)": the exact count, and a rounded binary size when it is large. */
export function describeBytes(bytes: number): string {
  const exact = `${formatNumber(Math.round(bytes))} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
  let size = bytes;
  let unit = -1;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit < 0 ? exact : `${exact} (${formatNumber(Math.round(size * 100) / 100)} ${units[unit]})`;
}

/**
 * One formatter for the page's life: `toLocaleString` with options builds a new one at every call
 * (0.3 ms each in Node; in the page, 4–17 ms a render of ecommerce-frontend's first container form,
 * whose limits and requests are read and described at each render).
 */
let numbers: Intl.NumberFormat | undefined;

function formatNumber(n: number): string {
  numbers ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
  return numbers.format(n);
}

/** Common amounts, offered as suggestions in the inputs. */
export function cpuSuggestions(): string[] {
  return ['100m', '250m', '500m', '1', '2', '4'];
}

export function memorySuggestions(): string[] {
  return ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi', '2Gi', '4Gi'];
}
