import { describe, expect, it } from 'vitest';
import { controls, scoreProperties } from '../../core/inspector';
import { validateText } from '../../core/validate';
import { findAll, parseHtml, renderInspector, walk, type HtmlElement } from '../../../test/support/render-inspector';

/** A workload that uses every property of the spec (both forms of files), so that every row renders. */
const everything = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/team: web
  team: payments
service:
  ports:
    www:
      port: 80
      targetPort: 8080
      protocol: TCP
containers:
  web:
    image: nginx:1.27
    command: ["/bin/sh", "-c"]
    args: [run]
    variables:
      DB_HOST: \${resources.db.host}
    files:
      /etc/app.conf:
        content: hello \${metadata.name}
        mode: "0644"
        noExpand: true
    volumes:
      /data:
        source: \${resources.data}
        path: sub
        readOnly: true
    resources:
      requests: { cpu: 250m, memory: 128Mi }
      limits: { cpu: "1", memory: 1Gi }
    livenessProbe:
      httpGet:
        host: localhost
        scheme: HTTP
        path: /healthz
        port: 8080
        httpHeaders:
          - name: X-Check
            value: "1"
      exec:
        command: ["true"]
    readinessProbe:
      httpGet:
        path: /ready
        port: 8080
        httpHeaders:
          - name: X-Ready
            value: "1"
      exec:
        command: ["true"]
    before:
      worker:
        ready: healthy
  worker:
    image: busybox
    files:
      - target: /etc/old.conf
        source: ./old.conf
      - target: /etc/blob
        binaryContent: aGVsbG8=
resources:
  db:
    type: postgres
    class: default
    id: main-db
    metadata:
      annotations:
        example.com/owner: data-team
      tier: gold
    params:
      size:
        disk: 10
        zones: [a, b]
  data:
    type: volume
`;

const CONTROL_TAGS = new Set(['input', 'select', 'textarea', 'button']);
const hasControl = (e: HtmlElement) => [...walk(e)].some((d) => CONTROL_TAGS.has(d.tag));

const pages = ['', '/containers/web', '/containers/worker', '/resources/db'].map((pointer) => ({
  pointer,
  root: parseHtml(renderInspector(everything, pointer)),
}));

describe('the forms cover the whole spec', () => {
  it('the sample workload is valid (so nothing renders as a problem instead of a field)', () => {
    expect(validateText(everything).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('renders a control for every registered field, and so for every property of the schema', () => {
    const rendered = new Set(
      pages.flatMap((p) =>
        findAll(p.root, (e) => e.attrs['data-field'] !== undefined).map((e) => e.attrs['data-field']),
      ),
    );
    const missing = Object.keys(controls).filter((path) => !rendered.has(path));
    expect(missing, 'registered controls that no form renders').toEqual([]);
    const properties = scoreProperties.map((p) => p.path).filter((path) => !rendered.has(path));
    expect(properties, 'schema properties with no control on screen').toEqual([]);
  });

  it('puts a real input (or button) inside every field and group', () => {
    for (const page of pages) {
      for (const field of findAll(page.root, (e) => e.attrs['data-field'] !== undefined)) {
        expect(hasControl(field), `${page.pointer}: ${field.attrs['data-field']} has no input`).toBe(true);
      }
    }
  });

  it('labels every control', () => {
    for (const page of pages) {
      const ids = new Set(findAll(page.root, (e) => e.tag === 'label').map((l) => l.attrs.for));
      const wrapped = new Set(
        findAll(page.root, (e) => e.tag === 'label').flatMap((l) => [...walk(l)].filter((d) => d !== l)),
      );
      for (const control of findAll(page.root, (e) => ['input', 'select', 'textarea'].includes(e.tag))) {
        const named =
          control.attrs['aria-label'] !== undefined ||
          (control.attrs.id !== undefined && ids.has(control.attrs.id)) ||
          wrapped.has(control);
        expect(named, `${page.pointer}: unlabelled <${control.tag}> ${JSON.stringify(control.attrs)}`).toBe(true);
      }
      for (const button of findAll(page.root, (e) => e.tag === 'button')) {
        expect(button.text.trim() !== '' || button.attrs['aria-label'] !== undefined).toBe(true);
      }
    }
  });

  it('shows the values of the workload in their fields', () => {
    const web = pages[1]!.root;
    const values = findAll(web, (e) => e.tag === 'input').map((e) => e.attrs.value);
    expect(values).toEqual(expect.arrayContaining(['nginx:1.27', '/bin/sh', '-c', 'run', '250m', '1Gi', '/healthz']));
    const textareas = findAll(web, (e) => e.tag === 'textarea').map((e) => e.text);
    expect(textareas).toContain('hello ${metadata.name}');
  });
});
