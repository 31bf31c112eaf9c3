import { quantile } from '../stats';

const percentile = (values: readonly number[], p: number) =>
  quantile(
    [...values].sort((a, b) => a - b),
    p / 100,
  );

/**
 * 50 clients for 60 s against one server, each mixing list, get and update: every client owns one
 * workload, updates it with If-Match (its last acknowledged version), and reads its own and the
 * others'. At the end each client reads its workload back: the text must be exactly its last
 * acknowledged write (not an older one: lost; not a mix: torn).
 */
export interface LoadResult {
  clients: number;
  seconds: number;
  requests: number;
  throughputPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  byOperation: Record<string, { count: number; p50: number; p99: number }>;
  errors: number;
  errorSamples: string[];
  lostOrTornUpdates: number;
}

const textOf = (name: string, counter: number, client: number) =>
  `# load test workload of client ${client}\napiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}   # kept\n` +
  `containers:\n  web:\n    image: "nginx:1.27"\n    variables:\n      COUNTER: "${counter}"\n      PAD: '${'x'.repeat(200)}'\n`;

export async function runLoad(apiUrl: string, key: string, clients = 50, seconds = 60): Promise<LoadResult> {
  const headers = { 'X-API-Key': key };
  const latencies: Record<string, number[]> = { list: [], get: [], update: [] };
  const errors: string[] = [];
  const timed = async (operation: string, send: () => Promise<Response>, expected: number) => {
    const started = performance.now();
    try {
      const response = await send();
      const body = await response.text();
      latencies[operation]!.push(performance.now() - started);
      if (response.status !== expected) errors.push(`${operation} → ${response.status}: ${body.slice(0, 160)}`);
      return { response, body };
    } catch (error) {
      errors.push(`${operation}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const names = Array.from({ length: clients }, (_, i) => `load-${String(i).padStart(2, '0')}`);
  const acknowledged = new Map<string, { text: string; etag: string }>();
  for (const [i, name] of names.entries()) {
    const text = textOf(name, 0, i);
    const created = await fetch(`${apiUrl}/workloads`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-yaml' },
      body: text,
    });
    if (created.status !== 201) throw new Error(`setup: create ${name} → ${created.status} ${await created.text()}`);
    acknowledged.set(name, { text, etag: created.headers.get('etag')! });
  }

  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    names.map(async (name, client) => {
      let counter = 0;
      while (performance.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.25) {
          const offset = Math.floor(Math.random() * clients);
          await timed('list', () => fetch(`${apiUrl}/workloads?limit=10&offset=${offset}&name=load`, { headers }), 200);
        } else if (roll < 0.6) {
          const other = names[Math.floor(Math.random() * clients)]!;
          const yaml = Math.random() < 0.5;
          await timed(
            'get',
            () =>
              fetch(`${apiUrl}/workloads/${other}`, {
                headers: yaml ? { ...headers, Accept: 'application/x-yaml' } : headers,
              }),
            200,
          );
        } else {
          const text = textOf(name, ++counter, client);
          const last = acknowledged.get(name)!;
          const answer = await timed(
            'update',
            () =>
              fetch(`${apiUrl}/workloads/${name}`, {
                method: 'PUT',
                headers: { ...headers, 'Content-Type': 'application/x-yaml', 'If-Match': last.etag },
                body: text,
              }),
            200,
          );
          if (answer?.response.status === 200)
            acknowledged.set(name, { text, etag: answer.response.headers.get('etag')! });
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  let lostOrTorn = 0;
  for (const name of names) {
    const response = await fetch(`${apiUrl}/workloads/${name}`, {
      headers: { ...headers, Accept: 'application/x-yaml' },
    });
    const stored = await response.text();
    const last = acknowledged.get(name)!;
    if (stored !== last.text || response.headers.get('etag') !== last.etag) lostOrTorn++;
  }
  const all = Object.values(latencies).flat();
  const byOperation = Object.fromEntries(
    Object.entries(latencies).map(([op, list]) => [
      op,
      { count: list.length, p50: round(percentile(list, 50)), p99: round(percentile(list, 99)) },
    ]),
  );
  return {
    clients,
    seconds: round(elapsed),
    requests: all.length,
    throughputPerSecond: round(all.length / elapsed),
    latencyMs: { p50: round(percentile(all, 50)), p99: round(percentile(all, 99)), max: round(Math.max(...all)) },
    byOperation,
    errors: errors.length,
    errorSamples: errors.slice(0, 5),
    lostOrTornUpdates: lostOrTorn,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
