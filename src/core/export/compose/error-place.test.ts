import { describe, expect, it } from 'vitest';
import { placeComposeError } from './error-place';
import { exportCompose, type ComposeExportOptions } from './index';

/** Every error the export stops at says which workload (or file) and which field it is about. */
const workload = (name: string, body: string) =>
  `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\ncontainers:\n${body}`;
const web = (name = 'shop') => workload(name, '  web:\n    image: nginx\n');

function placeOf(inputs: Array<{ text: string; file: string }>, options: ComposeExportOptions = {}) {
  const out = exportCompose(inputs, { projectName: 'p', ...options });
  expect(out.errors).toHaveLength(1);
  return out.errorPlace;
}
const one = (text: string, options: ComposeExportOptions = {}) => placeOf([{ text, file: 'score.yaml' }], options);
const shop = [{ name: 'shop', file: 'score.yaml' }];

describe('where an error of the Compose export stands', () => {
  it.each([
    [
      'an image of "." without --image or --build',
      workload('shop', '  app:\n    image: .\n'),
      {},
      'containers.app.image',
    ],
    [
      'a placeholder naming no resource',
      workload('shop', '  web:\n    image: nginx\n    variables:\n      A: ${resources.db.host}\n'),
      {},
      '${resources.db.host}',
    ],
    ['a value the schema refuses', workload('shop', '  web:\n    image: 42\n'), {}, '/containers/web/image'],
    [
      'a start-order cycle',
      workload(
        'shop',
        '  aa:\n    image: x\n    before: {bb: {ready: started}}\n  bb:\n    image: x\n    before: {aa: {ready: started}}\n',
      ),
      {},
      'containers.*.before',
    ],
    ['a resource no provisioner takes', `${web()}resources:\n  jobs:\n    type: queue\n`, {}, 'resources.jobs'],
    [
      'an environment variable a file needs now',
      workload(
        'shop',
        '  web:\n    image: x\n    files:\n      /etc/a:\n        content: ${resources.env.NOPE_NOT_SET}\n',
      ) + 'resources:\n  env:\n    type: environment\n',
      {},
      'containers.web.files[/etc/a]',
    ],
    ['a bad --publish', web(), { publish: ['8080:web'] }, '--publish[0]'],
    ['a bad --build', workload('shop', '  app:\n    image: .\n'), { build: ['nope=.'] }, '--build'],
    ['a bad --override-property', web(), { overrideProperties: ['metadata.name.x=1'] }, '--override-property'],
    [
      'a failing patch template',
      web(),
      {
        patchTemplates: [
          { name: 'a', text: '[]' },
          { name: 'b', text: '{{ fail "x" }}' },
        ],
      },
      '--patch-templates[1]',
    ],
  ] as const)('%s: the workload and %s', (_what, text, options, field) => {
    expect(one(text, options as ComposeExportOptions)).toEqual({ workloads: shop, field });
  });

  it('a flag for the whole project names every workload; one naming a workload names that one', () => {
    const two = [
      { text: web('aa'), file: 'a.yaml' },
      { text: web('bb'), file: 'b.yaml' },
    ];
    expect(placeOf(two, { image: 'x' })).toEqual({
      workloads: [
        { name: 'aa', file: 'a.yaml' },
        { name: 'bb', file: 'b.yaml' },
      ],
      field: '--image',
    });
    expect(placeOf(two, { publish: ['8080:cc:80'] })).toEqual({ workloads: [{ name: 'cc' }], field: '--publish[0]' });
    // A list of schema errors: the first one's place.
    const short = workload('shop', '  a:\n    image: x\n  b:\n    image: x\n');
    expect(one(short)).toEqual({ workloads: shop, field: '/containers/a' });
  });

  it('a file that does not decode, or has no name, is named instead of a workload', () => {
    expect(placeOf([{ text: 'blah', file: 'thing' }])).toEqual({ workloads: [], file: 'thing', field: 'line 1' });
    expect(placeOf([{ text: '{}', file: 'thing' }])).toEqual({ workloads: [], file: 'thing', field: 'metadata' });
    expect(placeOf([{ text: 'metadata: {name: ""}', file: 'x.yaml' }])).toEqual({
      workloads: [],
      file: 'x.yaml',
      field: 'metadata.name',
    });
  });

  it('a shared resource names the workloads that declare it', () => {
    const known = [
      { name: 'a', file: 'a.yaml', resourceIds: { db: 'main' } },
      { name: 'b', file: 'b.yaml', resourceIds: { store: 'main', other: undefined } },
    ];
    expect(placeComposeError("failed to provision: resource 'postgres.default#main' is broken", known)).toEqual({
      workloads: [
        { name: 'a', file: 'a.yaml' },
        { name: 'b', file: 'b.yaml' },
      ],
      field: 'resources.db',
    });
  });

  it('a shared id with a dot in it is the shared resource, not a workload and a resource of that name', () => {
    // score-compose writes `type.class#id` for a resource with an id, `type.class#workload.name` otherwise.
    const known = [
      { name: 'shop', file: 'shop.yaml', resourceIds: { session: 'shop.session' } },
      { name: 'orders', file: 'orders.yaml', resourceIds: {} },
    ];
    const message = "failed to provision: resource 'secret.default#shop.session' is not supported by any provisioner";
    expect(placeComposeError(message, known)).toEqual({
      workloads: [{ name: 'shop', file: 'shop.yaml' }],
      field: 'resources.session',
    });
    const declaredElsewhere = [
      { name: 'orders', file: 'orders.yaml', resourceIds: {} },
      { name: 'web', file: 'web.yaml', resourceIds: { store: 'ecommerce.session' } },
    ];
    expect(
      placeComposeError(
        "failed to provision: resource 'secret.default#ecommerce.session' is broken",
        declaredElsewhere,
      ),
    ).toEqual({
      workloads: [{ name: 'web', file: 'web.yaml' }],
      field: 'resources.store',
    });
  });
});
