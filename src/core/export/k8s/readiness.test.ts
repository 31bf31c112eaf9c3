import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../catalog';
import { parseWorkloadText } from '../../document/parse';
import { templates } from '../../templates';
import { validateParsed } from '../../validate';
import { exportProblemCount, exportTargetOf, withExportReadiness } from '../compose/problems';
import { k8sReadiness, type K8sReadinessOptions } from './readiness';

function readiness(text: string, options: K8sReadinessOptions = {}) {
  const report = validateParsed(parseWorkloadText(text), { catalog: buildCatalog([]).catalog });
  return { report, found: k8sReadiness(report, options) };
}

/** The text a diagnostic's range covers (on its first line). */
function marked(text: string, d: { range: { line: number; column: number; endLine: number; endColumn: number } }) {
  const line = text.split('\n')[d.range.line - 1]!;
  return d.range.line === d.range.endLine
    ? line.slice(d.range.column - 1, d.range.endColumn - 1)
    : line.slice(d.range.column - 1);
}

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n';

describe('k8sReadiness', () => {
  it('stops the templates at the resource score-k8s cannot provision, at its type, and names Kubernetes', () => {
    const ecommerce = templates.find((t) => t.name === 'ecommerce-frontend')!.text;
    const { found } = readiness(ecommerce);
    const errors = found.filter((d) => d.severity === 'error');
    // score-k8s names every resource no provisioner takes at once: two secrets and a service.
    expect(errors.map((d) => d.path)).toEqual([
      '/resources/session-secrets/type',
      '/resources/tls-certs/type',
      '/resources/feature-flags/type',
    ]);
    expect(errors[0]).toMatchObject({
      code: 'EXPORT_NO_PROVISIONER',
      source: 'export',
      exportTarget: 'kubernetes',
      path: '/resources/session-secrets/type',
    });
    expect(errors[0]!.message).toMatch(/^The Kubernetes export would stop at resource "session-secrets"/);
    expect(marked(ecommerce, errors[0]!)).toBe('secret');
    expect(exportTargetOf(found)).toBe('Kubernetes');

    const hello = templates.find((t) => t.name === 'hello-world')!.text;
    expect(readiness(hello).found).toEqual([]);
  });

  it('warns at each `before` that score-k8s ignores, and not with the start order as init containers', () => {
    const text = `${head}  db:\n    image: postgres\n    before:\n      web:\n        ready: started\n  web:\n    image: nginx\n`;
    const ignored = readiness(text).found;
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatchObject({
      code: 'EXPORT_CHANGED',
      severity: 'warning',
      path: '/containers/db/before/web',
    });
    expect(ignored[0]!.message).toContain('init-containers');
    expect(marked(text, ignored[0]!)).toBe('web');
    expect(readiness(text, { startOrder: 'init-containers' }).found).toEqual([]);
  });

  it('refuses a container built from source until the export has an image for it', () => {
    const text = `${head}  web:\n    image: .\n`;
    const [d] = readiness(text).found;
    expect(d).toMatchObject({ code: 'EXPORT_FAILS', severity: 'error', path: '/containers/web/image' });
    expect(marked(text, d!)).toBe('.');
    expect(readiness(text, { image: 'registry.example/web:1' }).found).toEqual([]);
  });

  it('says nothing of an invalid workload (its validation errors say why it does not export)', () => {
    expect(readiness('apiVersion: score.dev/v1b1\nmetadata: {}\n').found).toEqual([]);
  });

  it('folds into the catalog’s problem with the same cause, in the Kubernetes export’s words, and unfolds again', () => {
    const text = `${head}  web:\n    image: nginx\nresources:\n  vault:\n    type: no-such-type\n`;
    const { report, found } = readiness(text);
    const merged = withExportReadiness(report, found);
    const folded = merged.diagnostics.find((d) => d.exportProblem !== undefined);
    expect(folded?.code).toBe('NO_PROVISIONER');
    expect(folded?.message).toMatch(/ The Kubernetes export stops here\.$/);
    expect(exportProblemCount(merged.diagnostics)).toBe(1);
    expect(exportTargetOf(merged.diagnostics)).toBe('Kubernetes');
    expect(withExportReadiness(merged, []).diagnostics).toEqual(report.diagnostics);
  });
});
