import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeYamlV3, type YamlV3Value } from '../../go/yaml';
import { networkShape, serviceShape, volumeShape } from './compose-shapes';

/** A compose object as a provisioner template writes it, printed as score-compose prints it. */
function printed(shape: typeof serviceShape, yaml: string, warnings: string[] = []): string {
  return writeYamlV3(shape(parse(yaml), 'x', { warnings }) as YamlV3Value);
}

describe('compose objects from provisioners', () => {
  it('puts service fields in compose-go order and expands short forms', () => {
    const yaml = `
image: foo
volumes: ["./conf:/etc/conf:ro", "data:/data"]
ports: ["8080:80", {published: 9000, target: 9001}]
environment: [A=1, B]
healthcheck: {test: "curl -f localhost", interval: 90s}
depends_on: [db]
command: echo "hello world"
restart: always
labels: {z: 1, a: true}
`;
    expect(printed(serviceShape, yaml)).toBe(
      [
        'command:',
        '  - echo',
        '  - hello world',
        'depends_on:',
        '  db:',
        '    condition: service_started',
        '    required: true',
        'environment:',
        '  A: "1"',
        '  B: null',
        'healthcheck:',
        '  test:',
        '    - CMD-SHELL',
        '    - curl -f localhost',
        '  interval: 1m30s',
        'image: foo',
        'labels:',
        '  a: "true"',
        '  z: "1"',
        'ports:',
        '  - mode: ingress',
        '    target: 80',
        '    published: "8080"',
        '    protocol: tcp',
        '  - target: 9001',
        '    published: "9000"',
        'restart: always',
        'volumes:',
        '  - type: bind',
        '    source: ./conf',
        '    target: /etc/conf',
        '    read_only: true',
        '    bind: {}',
        '  - type: volume',
        '    source: data',
        '    target: /data',
        '',
      ].join('\n'),
    );
  });

  it('prints a depends_on without required as required: false, byte sizes quoted, ulimits', () => {
    const yaml = `
depends_on: {db: {condition: service_healthy, restart: true}}
mem_limit: 1073741824
ulimits: {memlock: {soft: -1, hard: -1}, nofile: 1024}
`;
    expect(printed(serviceShape, yaml)).toBe(
      'depends_on:\n  db:\n    condition: service_healthy\n    restart: true\n    required: false\nmem_limit: "1073741824"\nulimits:\n  memlock:\n    soft: -1\n    hard: -1\n  nofile: 1024\n',
    );
  });

  it('drops keys compose-go does not know, with a warning', () => {
    const warnings: string[] = [];
    const out = printed(
      serviceShape,
      'image: x\nvolumes: [{type: bind, source: /a, target: /b, readOnly: true}]\nx-extra: 1\n',
      warnings,
    );
    expect(out).toBe('image: x\nvolumes:\n  - type: bind\n    source: /a\n    target: /b\nx-extra: 1\n');
    expect(warnings).toEqual(['x.volumes[0].readOnly: not a service volume field; dropped, as score-compose drops it']);
  });

  it('prints volumes and networks in their struct order', () => {
    expect(printed(volumeShape, 'labels: {a: b}\ndriver: local\nname: v\n')).toBe(
      'name: v\ndriver: local\nlabels:\n  a: b\n',
    );
    expect(printed(volumeShape, '{}')).toBe('{}\n');
    expect(printed(networkShape, 'driver: bridge\nname: net\n')).toBe('name: net\ndriver: bridge\n');
  });
});
