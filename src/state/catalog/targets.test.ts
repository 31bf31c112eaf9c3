import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../core/catalog';
import { typesByTarget } from './targets';

describe('typesByTarget', () => {
  it('lists each type with what Compose and Kubernetes provide for it, and their outputs', () => {
    const rows = typesByTarget(buildCatalog([]).catalog, []);
    const row = (type: string) => rows.find((r) => r.type === type);
    expect(row('postgres')!.compose.length).toBeGreaterThan(0);
    expect(row('postgres')!.kubernetes).toEqual([
      { class: 'any', outputs: ['host', 'port', 'name', 'database', 'username', 'password'], source: 'built-in' },
    ]);
    // score-compose has elasticsearch, score-k8s has not; neither has `secret`.
    expect(row('elasticsearch')!.compose.length).toBe(1);
    expect(row('elasticsearch')!.kubernetes).toEqual([]);
    expect(row('secret')).toBeUndefined();
    expect(rows.map((r) => r.type)).toEqual([...rows.map((r) => r.type)].sort());
  });

  it('counts a loaded file for each target that can read it', () => {
    const queue =
      '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://q"\n';
    const files = [{ name: 'acme.provisioners.yaml', text: queue }];
    const row = typesByTarget(buildCatalog(files).catalog, files).find((r) => r.type === 'queue')!;
    expect(row.compose).toEqual([{ class: 'any', outputs: ['url'], source: 'acme.provisioners.yaml' }]);
    expect(row.kubernetes).toEqual([{ class: 'any', outputs: ['url'], source: 'acme.provisioners.yaml' }]);
  });
});
