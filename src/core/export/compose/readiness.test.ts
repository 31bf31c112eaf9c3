import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../../document/parse';
import { loadProvisionerFile } from '../../provisioners/template-file';
import { defaultProvisioners } from '../../provisioners/builtin';
import type { Provisioner } from '../../provisioners/types';
import { templates } from '../../templates';
import { buildCatalog } from '../../catalog';
import { validateParsed } from '../../validate';
import { exportProblemCount, withExportReadiness } from './problems';
import { composeReadiness } from './readiness';

function readiness(text: string, provisioners?: Provisioner[]) {
  const report = validateParsed(parseWorkloadText(text));
  return composeReadiness(report, { provisioners });
}

/** The text a diagnostic's range covers. */
function marked(text: string, d: { range: { line: number; column: number; endLine: number; endColumn: number } }) {
  const lines = text.split('\n');
  if (d.range.line !== d.range.endLine) return lines[d.range.line - 1]!.slice(d.range.column - 1);
  return lines[d.range.line - 1]!.slice(d.range.column - 1, d.range.endColumn - 1);
}

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';

describe('composeReadiness', () => {
  it('says which templates the Compose export stops at, at the resource it cannot provision', () => {
    const verdicts = templates.map((t) => {
      const found = readiness(t.text);
      return { name: t.name, errors: found.filter((d) => d.severity === 'error') };
    });
    expect(verdicts.find((v) => v.name === 'hello-world')!.errors).toEqual([]);
    const failing = verdicts.filter((v) => v.errors.length > 0);
    expect(failing.map((v) => v.name).sort()).toEqual(
      ['data-pipeline-worker', 'ecommerce-frontend', 'ml-inference-service'].sort(),
    );
    for (const { name, errors } of failing) {
      const text = templates.find((t) => t.name === name)!.text;
      expect(errors).toHaveLength(1);
      const [d] = errors;
      expect(d).toMatchObject({ code: 'EXPORT_NO_PROVISIONER', source: 'export' });
      expect(d!.path).toMatch(/^\/resources\/[^/]+\/type$/);
      const resource = d!.path.split('/')[2]!;
      expect(d!.message).toContain(`resource "${resource}"`);
      expect(d!.message).toContain('Catalog');
      expect(marked(text, d!)).toMatch(/^[a-z-]+$/); // the type's value
    }
  });

  it('places a failing placeholder in a variable at that variable', () => {
    const text = `${head}    variables:
      DB_URL: \${resources.db.nothing}
resources:
  db:
    type: postgres
`;
    const [d] = readiness(text);
    expect(d).toMatchObject({ code: 'EXPORT_UNRESOLVED', severity: 'error', path: '/containers/web/variables/DB_URL' });
    expect(d!.message).toContain("key 'nothing' not found");
    expect(marked(text, d!)).toBe('${resources.db.nothing}');
  });

  it('places a service-port naming a workload not in the project at that resource', () => {
    const text = `${head}resources:
  api:
    type: service-port
    params:
      workload: elsewhere
      port: web
`;
    const [d] = readiness(text);
    expect(d).toMatchObject({ code: 'EXPORT_PROVISIONER_FAILED', severity: 'error', path: '/resources/api' });
    expect(d!.message).toContain('unknown workload');
    expect(marked(text, d!)).toBe('api');
  });

  it('places a provisioner template that fails at export at the resource it provisions', () => {
    const file = loadProvisionerFile(`- uri: template://broken
  type: thing
  outputs: |
    url: {{ fail "param size is required" }}
`);
    if ('error' in file) throw new Error(file.error);
    const text = `${head}resources:
  one:
    type: thing
`;
    const [d] = readiness(text, [...file.provisioners, ...defaultProvisioners()]);
    expect(d).toMatchObject({ code: 'EXPORT_PROVISIONER_FAILED', path: '/resources/one' });
    expect(d!.message).toContain('param size is required');
  });

  it('lists what the export changes as warnings under their field', () => {
    const text = `${head}    resources:
      limits:
        memory: 128Mi
`;
    const found = readiness(text);
    expect(found).toEqual([
      expect.objectContaining({
        code: 'EXPORT_CHANGED',
        severity: 'warning',
        path: '/containers/web/resources/limits',
      }),
    ]);
    expect(found[0]!.message).toContain('not supported');
  });

  it('says nothing of an invalid workload (its validation errors say why it does not export)', () => {
    expect(readiness('apiVersion: score.dev/v1b1\nmetadata: {}\n')).toEqual([]);
  });
});

describe('withExportReadiness', () => {
  it('replaces the export problems of an earlier text and keeps the validation verdict', () => {
    const text = templates.find((t) => t.name === 'ecommerce-frontend')!.text;
    const report = validateParsed(parseWorkloadText(text));
    const found = composeReadiness(report);
    const merged = withExportReadiness(report, found);
    expect(merged.valid).toBe(true);
    expect(merged.errors).toBe(report.errors);
    expect(exportProblemCount(merged.diagnostics)).toBe(1);
    const again = withExportReadiness(merged, []);
    expect(exportProblemCount(again.diagnostics)).toBe(0);
    expect(again.diagnostics).toEqual(report.diagnostics);
  });
});

describe('withExportReadiness with the catalog layer', () => {
  it('lets the catalog’s diagnostic stand for the export’s where both name the same cause at the same place', () => {
    const text = `${head}    variables:
      URL: \${resources.db.hots}
resources:
  db:
    type: postgres
  session:
    type: secret
`;
    const report = validateParsed(parseWorkloadText(text), { catalog: buildCatalog([]).catalog });
    const found = composeReadiness(report);
    expect(found.map((d) => d.code)).toEqual(['EXPORT_NO_PROVISIONER']);
    const merged = withExportReadiness(report, found);
    expect(merged.diagnostics).toHaveLength(report.diagnostics.length); // one problem per cause
    const standing = merged.diagnostics.find((d) => d.path === '/resources/session/type')!;
    expect(standing).toMatchObject({ code: 'NO_PROVISIONER', source: 'catalog', exportProblem: found[0] });
    expect(standing.message).toMatch(/The Compose export stops here\.$/);
    expect(exportProblemCount(merged.diagnostics)).toBe(1);
    // Taken back out, the catalog's diagnostic is as its layer reported it.
    expect(withExportReadiness(merged, []).diagnostics).toEqual(report.diagnostics);
  });
});

describe('composeReadiness in a project', () => {
  const a =
    'apiVersion: score.dev/v1b1\nmetadata:\n  name: workload-a\ncontainers:\n  web:\n    image: nginx\nservice:\n  ports:\n    web:\n      port: 8080\n      targetPort: 80\n';
  const b =
    'apiVersion: score.dev/v1b1\nmetadata:\n  name: workload-b\ncontainers:\n  example:\n    image: busybox\n    variables:\n      URL: "http://${resources.dependency.hostname}:${resources.dependency.port}"\nresources:\n  dependency:\n    type: service-port\n    params:\n      workload: workload-a\n      port: web\n';
  const check = (text: string, ...peers: string[]) =>
    composeReadiness(validateParsed(parseWorkloadText(text)), { peers: peers.map((t) => ({ text: t })) });

  it('says at the resource that the workload a service-port names is not in the project', () => {
    const [problem, ...rest] = check(b);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ severity: 'error', path: '/resources/dependency' });
    expect(problem!.message).toContain('links to workload "workload-a", which is not in the project');
  });

  it('is ready once that workload is in the project, and names the port when the port is not', () => {
    expect(check(b, a)).toEqual([]);
    const [problem] = check(b.replace('port: web', 'port: admin'), a);
    expect(problem!.message).toContain(
      'links to port "admin" of workload "workload-a", which has no such service port',
    );
  });

  it("keeps to this workload: another workload's problem is that workload's", () => {
    const broken = a.replace('workload-a', 'workload-c').replace('image: nginx', 'image: .');
    expect(check(b, a, broken)).toEqual([]);
    expect(check(a, b).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it("keeps to this workload when another's shared resource (an id with a dot) stops the export", () => {
    const sharing = a.replace('service:', 'resources:\n  session:\n    type: secret\n    id: shop.session\nservice:');
    expect(check(b, sharing)).toEqual([]);
    const [problem] = check(sharing);
    expect(problem).toMatchObject({ severity: 'error', path: '/resources/session/type' });
  });
});
