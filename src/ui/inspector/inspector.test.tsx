import { describe, expect, it } from 'vitest';
import { validateText } from '../../core/validate';
import { buildCatalog } from '../../core/catalog';
import { placeholderChoices } from './placeholder-choices';
import { findAll, parseHtml, renderInspector, walk } from '../../../test/support/render-inspector';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB: \${resources.db.host}
      NAME: \${metadata.name}-x
    resources:
      limits:
        cpu: 1.5m
resources:
  db:
    type: postgres
  data:
    type: volume
`;

const page = (pointer?: string, source: 'graph' | 'editor' | 'problems' = 'graph') =>
  parseHtml(renderInspector(text, pointer, source));
const heading = (root: ReturnType<typeof parseHtml>) => findAll(root, (e) => e.tag === 'h3')[0]?.text;
const field = (root: ReturnType<typeof parseHtml>, pointer: string) =>
  findAll(root, (e) => e.attrs['data-pointer'] === pointer)[0];

describe('the inspector follows the selection', () => {
  it('shows the workload when nothing is selected', () => {
    expect(heading(page())).toBe('Workload shop');
  });

  it('opens the container or resource the selection lies in, wherever it was made', () => {
    expect(heading(page('/containers/web/variables/DB', 'editor'))).toBe('Container web');
    expect(heading(page('/containers/web/resources/limits/cpu', 'problems'))).toBe('Container web');
    expect(heading(page('/resources/db/type', 'graph'))).toBe('Resource db');
    expect(heading(page('/containers/gone', 'graph'))).toBe('Workload shop');
  });

  it('renders names from the document as text, never as markup', () => {
    const hostile = text.replace('name: shop', 'name: "<img src=x onerror=alert(1)>"');
    const html = renderInspector(hostile);
    expect(html).not.toContain('<img');
    expect(parseHtml(html).text).toContain('Workload <img src=x onerror=alert(1)>');
  });
});

describe('a field shows its problems in the words of the Problems panel', () => {
  const diagnostic = validateText(text).diagnostics.find((d) => d.path === '/containers/web/resources/limits/cpu')!;

  it('under the CPU limit, with the input marked invalid and described by it', () => {
    expect(diagnostic).toBeDefined();
    const cpu = field(page('/containers/web'), '/containers/web/resources/limits/cpu')!;
    const problems = findAll(cpu, (e) => e.attrs.class?.startsWith('field-problem ') ?? false);
    expect(problems.map((p) => p.text.trim())).toEqual([`Error: ${diagnostic.message}`]);
    // The shape of its severity, as in the Problems panel (hidden from screen readers: the text says it).
    const icons = findAll(problems[0]!, (e) => e.attrs.class === 'severity-icon error');
    expect(icons.map((e) => e.attrs['aria-hidden'])).toEqual(['true']);
    const input = findAll(cpu, (e) => e.tag === 'input')[0]!;
    expect(input.attrs['aria-invalid']).toBe('true');
    const list = findAll(cpu, (e) => e.attrs.class === 'field-problems')[0]!;
    expect(input.attrs['aria-describedby']?.split(' ')).toContain(list.attrs.id);
  });

  it('nowhere else', () => {
    const all = findAll(page('/containers/web'), (e) => e.attrs.class?.startsWith('field-problem ') ?? false);
    expect(all.map((p) => p.text.trim())).toEqual([`Error: ${diagnostic.message}`]);
  });

  it('a valid amount says what it means instead', () => {
    const ok = parseHtml(renderInspector(text.replace('cpu: 1.5m', 'cpu: 250m'), '/containers/web'));
    const cpu = field(ok, '/containers/web/resources/limits/cpu')!;
    expect([...walk(cpu)].some((e) => e.attrs.class === 'amount' && e.text === '= 0.25 CPU.')).toBe(true);
  });
});

describe('variables show what they resolve to', () => {
  it('metadata at once; a resource output from the Compose export when it can run', () => {
    const root = page('/containers/web');
    const previews = findAll(root, (e) => e.attrs.class === 'preview').map((e) => e.text);
    expect(previews).toContain('Resolves to: shop-x');
  });
});

describe('placeholder completion', () => {
  const workload = { metadata: { name: 'shop' }, resources: { db: { type: 'postgres' }, data: { type: 'volume' } } };
  const catalog = buildCatalog([]).catalog;

  it('offers the roots after ${, then resources, then outputs, closing the placeholder at the end', () => {
    expect(placeholderChoices(workload, catalog, '${', 2, 'value').map((c) => c.label)).toEqual([
      'metadata',
      'resources',
    ]);
    const resources = placeholderChoices(workload, catalog, '${res', 5, 'value');
    expect(resources).toEqual([expect.objectContaining({ label: 'resources', text: '${resources.', caret: 12 })]);
    expect(placeholderChoices(workload, catalog, '${resources.', 12, 'value').map((c) => c.label)).toEqual([
      'db',
      'data',
    ]);
    const host = placeholderChoices(workload, catalog, 'x=${resources.db.ho', 19, 'value');
    expect(host).toEqual([expect.objectContaining({ label: 'host', text: 'x=${resources.db.host}', caret: 22 })]);
  });

  it('keeps the text after the caret, and does not double a closing brace', () => {
    const c = placeholderChoices(workload, catalog, '${resources.db.}:5432', 15, 'value').find(
      (x) => x.label === 'port',
    );
    expect(c).toMatchObject({ text: '${resources.db.port}:5432', caret: 20 });
  });

  it('for a volume source, stops at the resource and offers whole volumes when empty', () => {
    expect(placeholderChoices(workload, catalog, '${', 2, 'volume').map((c) => c.label)).toEqual(['resources']);
    expect(placeholderChoices(workload, catalog, '${resources.da', 14, 'volume')).toEqual([
      expect.objectContaining({ text: '${resources.data}' }),
    ]);
    expect(placeholderChoices(workload, catalog, '', 0, 'volume').map((c) => c.text)).toEqual([
      '${resources.data}',
      '${resources.db}',
    ]);
  });

  it('offers nothing outside a placeholder', () => {
    expect(placeholderChoices(workload, catalog, 'plain', 5, 'value')).toEqual([]);
  });
});

describe('a value over several lines', () => {
  const multiLine = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      CERT: |
        -----BEGIN-----
        abc
        -----END-----
      PLAIN: x
resources:
  db:
    type: postgres
    params:
      init: |
        CREATE TABLE a;
        CREATE TABLE b;
      size: small
`;
  const controls = (pointer: string, label: string) =>
    findAll(parseHtml(renderInspector(multiLine, pointer)), (e) => e.attrs['aria-label'] === label);

  it('is shown in a textarea with its line breaks, where a one-line input would drop them', () => {
    const [cert] = controls('/containers/web', 'Value of CERT');
    expect(cert?.tag).toBe('textarea');
    expect(cert?.text).toBe('-----BEGIN-----\nabc\n-----END-----\n');
    expect(controls('/containers/web', 'Value of PLAIN')[0]?.tag).toBe('input');
    const [init] = controls('/resources/db', 'Value of init');
    expect(init?.tag).toBe('textarea');
    expect(init?.text).toBe('CREATE TABLE a;\nCREATE TABLE b;\n');
    expect(controls('/resources/db', 'Value of size')[0]?.tag).toBe('input');
  });
});
