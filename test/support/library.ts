import type { KeyValueStorage } from '../../src/state/browser/storage';

/** Test support for the library state modules (not used by the app). */

/** A storage in memory, with its entries visible to the test. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A valid workload, commented and formatted by hand, as a user's file is. */
export function workloadText(name: string, image = 'nginx:1.27'): string {
  return `# ${name}: kept byte for byte
apiVersion: score.dev/v1b1
metadata:
  name: ${name}    # the library's key
containers:
  web:
    image: "${image}"
    variables:
      GREETING: 'hello'
`;
}
