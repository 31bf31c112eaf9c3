import { performance } from 'node:perf_hooks';
import { validateText } from '../src/core/validate';
import { summarize } from './stats';
import { generateWorkload } from './workload-generator';

/**
 * How fast the machine is at the moment: the median time of a fixed piece of work here in Node —
 * checking the generated 100-container, 100-resource workload from scratch. The load average misses
 * a host that gives this machine less CPU time than usual; this does not. Taken before and after a
 * run, it says whether the run's figures were measured on a calm machine or are upper bounds
 * (bench/ui/README.md gives the calm value).
 */
export function speedProbe(): number {
  const text = generateWorkload(100, 100);
  for (let i = 0; i < 3; i++) validateText(`${text}# warm-up ${i}\n`);
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    validateText(`${text}# probe ${i}\n`);
    times.push(performance.now() - start);
  }
  return Number(summarize(times).median.toFixed(1));
}
