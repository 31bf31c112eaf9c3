import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { validateText } from '../validate';
import { applyEdits } from '../document/edits';
import { isRefusal, type CommandResult, type CommandSuccess } from './command';
import { commands, runCommand } from './registry';

/** The command succeeded, and its edits turn the old text into the new one. */
function ok(text: string, result: CommandResult): CommandSuccess {
  if (isRefusal(result)) throw new Error(`refused: ${result.error}`);
  expect(applyEdits(text, result.edits)).toBe(result.text);
  expect(parseWorkloadText(result.text).syntax.filter((d) => d.severity === 'error')).toEqual([]);
  return result;
}

/** The command was refused in words matching `pattern`, and handed back no text. */
function refused(result: CommandResult, pattern: RegExp): void {
  expect(isRefusal(result) ? result.error : 'not refused').toMatch(pattern);
  expect('text' in result).toBe(false);
}

const shop = `# Shop workload
apiVersion: score.dev/v1b1
metadata:
  name: shop # the name
containers:
  # the web front end
  web:
    image: nginx:1.27 # pinned
    variables:
      DB_HOST: \${resources.db.host} # from the database
      DB_PORT: "\${resources.db.port}"
    # command: [sh, -c]
  worker:
    image: busybox
    before:
      web:
        ready: started

resources:
  db: # the database
    type: postgres
# end of file
`;

describe('containers', () => {
  it('adds a container after the last one, before the blank line, in the document indentation', () => {
    const result = ok(shop, commands.addContainer(shop, { name: 'cache', image: 'redis:7' }));
    expect(result.text).toBe(
      shop.replace('        ready: started\n', '        ready: started\n  cache:\n    image: redis:7\n'),
    );
    expect(result.edits).toEqual([
      {
        start: shop.indexOf('\nresources:'),
        end: shop.indexOf('\nresources:'),
        insert: '  cache:\n    image: redis:7\n',
      },
    ]);
    expect(result.selection).toBe('/containers/cache');
  });

  it('adds further container fields after the image', () => {
    const result = ok(shop, commands.addContainer(shop, { name: 'job', image: 'alpine', spec: { args: ['run'] } }));
    expect(result.text).toContain('  job:\n    image: alpine\n    args:\n      - run\n\nresources:');
  });

  it('refuses a name that is not an RFC 1123 label, a taken name and an empty image', () => {
    refused(commands.addContainer(shop, { name: 'Web_2', image: 'x' }), /lowercase letters, digits or "-".*"Web_2"/);
    refused(commands.addContainer(shop, { name: 'web', image: 'x' }), /already exists/);
    refused(commands.addContainer(shop, { name: 'api', image: ' ' }), /needs an image/);
  });

  it('renames a container and every start-order entry that names it', () => {
    const result = ok(shop, commands.renameContainer(shop, { from: 'web', to: 'front' }));
    expect(result.text).toBe(
      shop
        .replace('  web:\n    image: nginx', '  front:\n    image: nginx')
        .replace('      web:\n        ready', '      front:\n        ready'),
    );
    expect(result.edits).toHaveLength(2);
    expect(result.edits.every((e) => e.insert === 'front' && e.end - e.start === 3)).toBe(true);
  });

  it('keeps a quoted container key quoted when renaming it', () => {
    const text = 'containers:\n  "web": {image: x}\n  \'side\': {image: y}\n';
    expect(ok(text, commands.renameContainer(text, { from: 'web', to: 'front' })).text).toBe(
      'containers:\n  "front": {image: x}\n  \'side\': {image: y}\n',
    );
    expect(ok(text, commands.renameContainer(text, { from: 'side', to: 'car' })).text).toBe(
      'containers:\n  "web": {image: x}\n  \'car\': {image: y}\n',
    );
  });

  it('removes a container with the comment above it, and the start-order entries that named it', () => {
    const result = ok(shop, commands.removeContainer(shop, { name: 'web' }));
    expect(result.text).toBe(`# Shop workload
apiVersion: score.dev/v1b1
metadata:
  name: shop # the name
containers:
  worker:
    image: busybox

resources:
  db: # the database
    type: postgres
# end of file
`);
  });

  it('keeps `containers` as an empty mapping when the last container goes', () => {
    const text = 'apiVersion: score.dev/v1b1\ncontainers:\n  only:\n    image: x\nresources:\n  r:\n    type: redis\n';
    expect(ok(text, commands.removeContainer(text, { name: 'only' })).text).toBe(
      'apiVersion: score.dev/v1b1\ncontainers: {}\nresources:\n  r:\n    type: redis\n',
    );
  });

  it('refuses to rename or remove a container that does not exist', () => {
    refused(commands.renameContainer(shop, { from: 'nope', to: 'x1' }), /no container named "nope"/);
    refused(commands.removeContainer(shop, { name: 'nope' }), /no container named "nope"/);
    refused(commands.renameContainer(shop, { from: 'web', to: 'worker' }), /already exists/);
  });
});

describe('resources', () => {
  it('adds a resource at the end of resources, before the footer comment', () => {
    const result = ok(shop, commands.addResource(shop, { name: 'bus', type: 'amqp', class: 'default' }));
    expect(result.text).toBe(
      shop.replace('    type: postgres\n', '    type: postgres\n  bus:\n    type: amqp\n    class: default\n'),
    );
  });

  it('creates `resources` at the end of the document, before a footer comment', () => {
    const text = 'apiVersion: score.dev/v1b1\ncontainers:\n  a:\n    image: x\n# footer\n';
    expect(ok(text, commands.addResource(text, { name: 'db', type: 'postgres' })).text).toBe(
      'apiVersion: score.dev/v1b1\ncontainers:\n  a:\n    image: x\nresources:\n  db:\n    type: postgres\n# footer\n',
    );
  });

  it('renames a resource and only the resource part of each placeholder, keeping every quoting style', () => {
    const text = `containers:
  web:
    image: x
    variables:
      A: \${resources.db.host}
      B: "\${resources.db.port}"
      C: '\${resources.db.user}'
      D: $\${resources.db.literal}
      E: \${resources.dbx.host}
      F: "x\\ty \${resources.db.host}"
    command: ["run", "\${resources.db.name}"]
    files:
      /a:
        content: |
          host=\${resources.db.host}
      /b:
        content: \${resources.db.host}
        noExpand: true
    volumes:
      /data:
        source: \${resources.db}
resources:
  db:
    type: postgres
  other:
    type: redis
    params:
      upstream: ["\${resources.db.host}"]
`;
    const result = ok(text, commands.renameResource(text, { from: 'db', to: 'main-db' }));
    expect(result.text).toBe(`containers:
  web:
    image: x
    variables:
      A: \${resources.main-db.host}
      B: "\${resources.main-db.port}"
      C: '\${resources.main-db.user}'
      D: $\${resources.db.literal}
      E: \${resources.dbx.host}
      F: "x\\ty \${resources.main-db.host}"
    command: ["run", "\${resources.main-db.name}"]
    files:
      /a:
        content: |
          host=\${resources.main-db.host}
      /b:
        content: \${resources.db.host}
        noExpand: true
    volumes:
      /data:
        source: \${resources.main-db}
resources:
  main-db:
    type: postgres
  other:
    type: redis
    params:
      upstream: ["\${resources.main-db.host}"]
`);
    // Each edit replaces exactly the old name.
    expect(result.edits.every((e) => text.slice(e.start, e.end).includes('db') && e.insert.includes('main-db'))).toBe(
      true,
    );
    expect(result.selection).toBe('/resources/main-db');
  });

  it('removes a resource, and `resources` with its last one, leaving the placeholders that name it', () => {
    const result = ok(shop, commands.removeResource(shop, { name: 'db' }));
    expect(result.text).toBe(shop.replace('resources:\n  db: # the database\n    type: postgres\n', ''));
    expect(result.text).toContain('${resources.db.host}');
  });

  it('sets, renames and removes resource params', () => {
    const text = 'resources:\n  db:\n    type: postgres\n';
    const set = ok(text, commands.setResourceParam(text, { resource: 'db', name: 'size', value: { cpu: 2 } })).text;
    expect(set).toBe('resources:\n  db:\n    type: postgres\n    params:\n      size:\n        cpu: 2\n');
    const renamed = ok(set, commands.renameResourceParam(set, { resource: 'db', from: 'size', to: 'tier' })).text;
    expect(renamed).toBe('resources:\n  db:\n    type: postgres\n    params:\n      tier:\n        cpu: 2\n');
    expect(ok(renamed, commands.removeResourceParam(renamed, { resource: 'db', name: 'tier' })).text).toBe(text);
    refused(commands.removeResourceParam(text, { resource: 'db', name: 'tier' }), /no param "tier"/);
  });

  it('binds a resource output to a variable, escaping a dot in the output name', () => {
    const text = 'containers:\n  web:\n    image: x\nresources:\n  db:\n    type: postgres\n';
    expect(
      ok(
        text,
        commands.bindOutputToVariable(text, { container: 'web', variable: 'DB_HOST', resource: 'db', output: 'host' }),
      ).text,
    ).toBe(
      'containers:\n  web:\n    image: x\n    variables:\n      DB_HOST: ${resources.db.host}\nresources:\n  db:\n    type: postgres\n',
    );
    const dotted = ok(
      text,
      commands.bindOutputToVariable(text, { container: 'web', variable: 'V', resource: 'db', output: 'a.b' }),
    );
    expect(
      (parseWorkloadText(dotted.text).value as { containers: { web: { variables: { V: string } } } }).containers.web
        .variables.V,
    ).toBe('${resources.db.a\\.b}');
    refused(
      commands.bindOutputToVariable(text, { container: 'web', variable: 'V', resource: 'nope', output: 'x' }),
      /no resource named "nope"/,
    );
  });
});

describe('renaming any key in place', () => {
  const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  team: pay # t
  region: eu
  owner: # the owner
    email: a@b.c # mail
containers:
  web:
    image: nginx
    variables:
      T: \${metadata.team}
      E: "at \${metadata.owner.email}, \${metadata.region}"
      ESCAPED: $\${metadata.team}
resources:
  db:
    type: postgres
    params:
      opts:
        first: 1 # one
        second: 2
`;

  it('renames a metadata key where it stands, with its comment, and the placeholders that read it', () => {
    const result = ok(text, commands.renameField(text, { pointer: '/metadata/team', to: 'squad' }));
    expect(result.text).toBe(
      text.replace('team: pay # t', 'squad: pay # t').replace('T: ${metadata.team}', 'T: ${metadata.squad}'),
    );
    expect(result.selection).toBe('/metadata/squad');
    expect(validateText(result.text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('renames a nested metadata key and the one part of the placeholders that read it', () => {
    const result = ok(text, commands.renameField(text, { pointer: '/metadata/owner/email', to: 'mail' }));
    expect(result.text).toBe(
      text
        .replace('email: a@b.c # mail', 'mail: a@b.c # mail')
        .replace('${metadata.owner.email}', '${metadata.owner.mail}'),
    );
  });

  it('renames a key inside a param in place, touching nothing else', () => {
    const result = ok(text, commands.renameField(text, { pointer: '/resources/db/params/opts/first', to: 'uno' }));
    expect(result.text).toBe(text.replace('first: 1 # one', 'uno: 1 # one'));
  });

  it('refuses a taken or empty name, a list item, a dotted name placeholders would read, and containers and resources', () => {
    refused(commands.renameField(text, { pointer: '/metadata/team', to: 'region' }), /already taken/);
    refused(commands.renameField(text, { pointer: '/metadata/team', to: ' ' }), /cannot be empty/);
    refused(commands.renameField(text, { pointer: '/metadata/team', to: 'team.name' }), /without dots/);
    refused(commands.renameField(text, { pointer: '/containers/web', to: 'api' }), /renameContainer/);
    refused(commands.renameField(text, { pointer: '/resources/db', to: 'main' }), /renameResource/);
    refused(commands.renameField(text, { pointer: '/metadata/nobody', to: 'x' }), /nothing at/);
    // A dotted key no placeholder reads is the user's to choose.
    const dotted = ok(text, commands.renameField(text, { pointer: '/resources/db/params/opts/second', to: 'a.b' }));
    expect(dotted.text).toBe(text.replace('second: 2', 'a.b: 2'));
  });
});

describe('fields by pointer', () => {
  const text = `containers:
  web:
    image: "nginx" # quoted
    args: ['a', 'b']
    variables:
      PLAIN: value
`;

  it('keeps a scalar quoting style when setting it', () => {
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/image', value: 'httpd' })).text).toBe(
      text.replace('"nginx"', '"httpd"'),
    );
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/args/0', value: "it's" })).text).toBe(
      text.replace("'a'", "'it''s'"),
    );
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/variables/PLAIN', value: 'other' })).text).toBe(
      text.replace('value', 'other'),
    );
  });

  it('quotes a plain scalar only when the new value needs it', () => {
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/variables/PLAIN', value: 'true' })).text).toBe(
      text.replace('value', '"true"'),
    );
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/variables/PLAIN', value: 'a: b' })).text).toBe(
      text.replace('value', '"a: b"'),
    );
  });

  it('changes nothing when the value is already there', () => {
    const result = ok(text, commands.setField(text, { pointer: '/containers/web/image', value: 'nginx' }));
    expect(result.edits).toEqual([]);
    expect(result.text).toBe(text);
  });

  it('creates missing parents as mappings, quoting new strings like their neighbours', () => {
    expect(
      ok(text, commands.setField(text, { pointer: '/containers/web/resources/limits/cpu', value: '500m' })).text,
    ).toBe(text + '    resources:\n      limits:\n        cpu: "500m"\n');
  });

  it('appends to a list with `-` and keeps a flow list in flow style', () => {
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/args/-', value: 'c' })).text).toBe(
      text.replace("['a', 'b']", "['a', 'b', 'c']"),
    );
    expect(ok(text, commands.setField(text, { pointer: '/containers/web/args', value: ['x', 'y'] })).text).toBe(
      text.replace("['a', 'b']", "['x', 'y']"),
    );
  });

  it('writes a multi-line string as a literal block', () => {
    expect(
      ok(text, commands.setField(text, { pointer: '/containers/web/variables/PLAIN', value: 'one\ntwo\n' })).text,
    ).toBe(text.replace('PLAIN: value', 'PLAIN: |\n        one\n        two'));
  });

  it('removes the key when a field is cleared, with the parents it empties, never leaving `key: ""`', () => {
    const result = ok(text, commands.unsetField(text, { pointer: '/containers/web/variables/PLAIN' }));
    expect(result.text).toBe(`containers:\n  web:\n    image: "nginx" # quoted\n    args: ['a', 'b']\n`);
    expect(result.text).not.toMatch(/: ""/);
  });

  it('keeps a container as `{}` when its last field is cleared', () => {
    const one = 'containers:\n  web:\n    image: x\n  api:\n    image: y\n';
    expect(ok(one, commands.unsetField(one, { pointer: '/containers/web/image' })).text).toBe(
      'containers:\n  web: {}\n  api:\n    image: y\n',
    );
  });

  it('removes a list item, and the list when it was the last', () => {
    expect(ok(text, commands.unsetField(text, { pointer: '/containers/web/args/0' })).text).toBe(
      text.replace("['a', 'b']", "['b']"),
    );
    const one = 'containers:\n  web:\n    image: x\n    args:\n      - only\n';
    expect(ok(one, commands.unsetField(one, { pointer: '/containers/web/args/0' })).text).toBe(
      'containers:\n  web:\n    image: x\n',
    );
  });

  it('does nothing when unsetting a field that is not there', () => {
    const result = ok(text, commands.unsetField(text, { pointer: '/containers/web/command' }));
    expect(result.edits).toEqual([]);
  });

  it('refuses to set a field under a plain value, or the whole document', () => {
    refused(commands.setField(text, { pointer: '/containers/web/image/tag', value: 'x' }), /single value/);
    refused(commands.setField(text, { pointer: '', value: {} }), /whole document/);
  });
});

describe('variables', () => {
  const text = `containers:
  web:
    image: x
    variables:
      A: "1"
      B: "two"
`;

  it('adds a variable quoted like its neighbours', () => {
    expect(ok(text, commands.setVariable(text, { container: 'web', name: 'C', value: 'three' })).text).toBe(
      text + '      C: "three"\n',
    );
  });

  it('renames a variable in place, keeping its value', () => {
    expect(ok(text, commands.renameVariable(text, { container: 'web', from: 'A', to: 'FIRST' })).text).toBe(
      text.replace('A: "1"', 'FIRST: "1"'),
    );
    refused(commands.renameVariable(text, { container: 'web', from: 'A', to: 'B' }), /already has a variable "B"/);
  });

  it('removes a variable, and `variables` with the last one', () => {
    const one = ok(text, commands.removeVariable(text, { container: 'web', name: 'A' })).text;
    expect(one).toBe(text.replace('      A: "1"\n', ''));
    expect(ok(one, commands.removeVariable(one, { container: 'web', name: 'B' })).text).toBe(
      'containers:\n  web:\n    image: x\n',
    );
  });

  it('refuses a name with "=" and an unknown container', () => {
    refused(commands.setVariable(text, { container: 'web', name: 'A=B', value: 'x' }), /cannot contain "="/);
    refused(commands.setVariable(text, { container: 'api', name: 'A', value: 'x' }), /no container named "api"/);
  });
});

describe('files and volumes', () => {
  const mapForm = 'containers:\n  web:\n    image: x\n';
  const listForm = `containers:
  web:
    image: x
    files:
      - target: /etc/one
        content: one
    volumes:
      - source: data
        target: /data
`;

  it('adds a file in the map form, its content as a literal block', () => {
    expect(
      ok(
        mapForm,
        commands.addFile(mapForm, { container: 'web', target: '/etc/app.conf', content: 'a=1\nb=2\n', mode: '0644' }),
      ).text,
    ).toBe(
      mapForm +
        '    files:\n      /etc/app.conf:\n        mode: "0644"\n        content: |\n          a=1\n          b=2\n',
    );
  });

  it('adds to the deprecated list form without converting it', () => {
    const result = ok(
      listForm,
      commands.addFile(listForm, { container: 'web', target: '/etc/two', source: 'two.txt' }),
    );
    expect(result.text).toBe(
      listForm.replace(
        '        content: one\n',
        '        content: one\n      - target: /etc/two\n        source: two.txt\n',
      ),
    );
    expect(result.selection).toBe('/containers/web/files/1');
  });

  it('retargets a file: the key in the map form, the target field in the list form', () => {
    const withFile = ok(mapForm, commands.addFile(mapForm, { container: 'web', target: '/a', source: 'a.txt' })).text;
    expect(ok(withFile, commands.renameFile(withFile, { container: 'web', from: '/a', to: '/b' })).text).toBe(
      withFile.replace('/a:', '/b:'),
    );
    expect(
      ok(listForm, commands.renameFile(listForm, { container: 'web', from: '/etc/one', to: '/etc/uno' })).text,
    ).toBe(listForm.replace('target: /etc/one', 'target: /etc/uno'));
  });

  it('removes a file, and `files` with the last one', () => {
    expect(ok(listForm, commands.removeFile(listForm, { container: 'web', target: '/etc/one' })).text).toBe(
      listForm.replace('    files:\n      - target: /etc/one\n        content: one\n', ''),
    );
  });

  it('refuses a file with no source or two, and a bad mode', () => {
    refused(
      commands.addFile(mapForm, { container: 'web', target: '/a' }),
      /exactly one of content, source or binaryContent/,
    );
    refused(commands.addFile(mapForm, { container: 'web', target: '/a', content: 'x', source: 'y' }), /exactly one/);
    refused(
      commands.addFile(mapForm, { container: 'web', target: '/a', content: 'x', mode: '999' }),
      /three octal digits/,
    );
  });

  it('adds, moves and removes volumes', () => {
    const added = ok(
      mapForm,
      commands.addVolume(mapForm, { container: 'web', target: '/data', source: '${resources.vol}', readOnly: true }),
    ).text;
    expect(added).toBe(
      mapForm + '    volumes:\n      /data:\n        source: ${resources.vol}\n        readOnly: true\n',
    );
    const moved = ok(added, commands.renameVolume(added, { container: 'web', from: '/data', to: '/srv' })).text;
    expect(moved).toBe(added.replace('/data:', '/srv:'));
    expect(ok(moved, commands.removeVolume(moved, { container: 'web', target: '/srv' })).text).toBe(mapForm);
    refused(commands.removeVolume(listForm, { container: 'web', target: '/nope' }), /no volume at "\/nope"/);
  });
});

describe('service ports', () => {
  const text =
    'containers:\n  web:\n    image: x\nservice:\n  ports:\n    http:\n      port: 80\n      protocol: TCP # explicit\n';

  it('updates only the given fields of an existing port', () => {
    expect(ok(text, commands.setServicePort(text, { name: 'http', port: 8080, targetPort: 80 })).text).toBe(
      text.replace('port: 80\n', 'port: 8080\n') + '      targetPort: 80\n',
    );
  });

  it('creates `service.ports` for the first port', () => {
    const bare = 'containers:\n  web:\n    image: x\n';
    expect(ok(bare, commands.setServicePort(bare, { name: 'www', port: 80 })).text).toBe(
      bare + 'service:\n  ports:\n    www:\n      port: 80\n',
    );
  });

  it('renames and removes ports; removing the last removes `service`', () => {
    expect(ok(text, commands.renameServicePort(text, { from: 'http', to: 'web' })).text).toBe(
      text.replace('    http:', '    web:'),
    );
    expect(ok(text, commands.removeServicePort(text, { name: 'http' })).text).toBe(
      'containers:\n  web:\n    image: x\n',
    );
  });

  it('refuses a port out of range and an unknown protocol', () => {
    refused(commands.setServicePort(text, { name: 'http', port: 70000 }), /1 to 65535/);
    refused(commands.setServicePort(text, { name: 'http', port: 80, protocol: 'SCTP' as 'TCP' }), /TCP or UDP/);
  });
});

describe('probes', () => {
  const text = 'containers:\n  web:\n    image: x\n';

  it('sets, renames and removes a probe', () => {
    const set = ok(
      text,
      commands.setProbe(text, {
        container: 'web',
        kind: 'liveness',
        probe: { httpGet: { port: 8080, path: '/healthz' } },
      }),
    ).text;
    expect(set).toBe(text + '    livenessProbe:\n      httpGet:\n        port: 8080\n        path: /healthz\n');
    const renamed = ok(set, commands.renameProbe(set, { container: 'web', from: 'liveness', to: 'readiness' })).text;
    expect(renamed).toBe(set.replace('livenessProbe', 'readinessProbe'));
    expect(ok(renamed, commands.removeProbe(renamed, { container: 'web', kind: 'readiness' })).text).toBe(text);
  });

  it('refuses a probe with neither httpGet nor exec', () => {
    refused(commands.setProbe(text, { container: 'web', kind: 'liveness', probe: {} }), /httpGet .* or exec/);
  });
});

describe('annotations', () => {
  const text = 'metadata:\n  name: w\nresources:\n  db:\n    type: postgres\n';

  it('sets annotations of the workload and of a resource', () => {
    expect(ok(text, commands.setAnnotation(text, { key: 'example.com/team', value: 'web' })).text).toBe(
      'metadata:\n  name: w\n  annotations:\n    example.com/team: web\nresources:\n  db:\n    type: postgres\n',
    );
    expect(ok(text, commands.setAnnotation(text, { resource: 'db', key: 'tier', value: 'gold' })).text).toBe(
      text + '    metadata:\n      annotations:\n        tier: gold\n',
    );
  });

  it('renames and removes an annotation; an emptied resource metadata goes too', () => {
    const set = ok(text, commands.setAnnotation(text, { resource: 'db', key: 'tier', value: 'gold' })).text;
    expect(ok(set, commands.renameAnnotation(set, { resource: 'db', from: 'tier', to: 'level' })).text).toBe(
      set.replace('tier:', 'level:'),
    );
    expect(ok(set, commands.removeAnnotation(set, { resource: 'db', key: 'tier' })).text).toBe(text);
  });

  it('refuses a new key that breaks the annotation pattern', () => {
    refused(commands.setAnnotation(text, { key: '-bad-', value: 'x' }), /annotation key/);
    refused(commands.setAnnotation(text, { resource: 'nope', key: 'team', value: 'x' }), /no resource named "nope"/);
  });
});

describe('start order (before)', () => {
  const text = 'containers:\n  db-init:\n    image: x\n  app:\n    image: y\n';

  it('orders one container before another, and updates the readiness in place', () => {
    const set = ok(text, commands.setBefore(text, { container: 'db-init', target: 'app', ready: 'complete' })).text;
    expect(set).toBe(
      'containers:\n  db-init:\n    image: x\n    before:\n      app:\n        ready: complete\n  app:\n    image: y\n',
    );
    expect(ok(set, commands.setBefore(set, { container: 'db-init', target: 'app', ready: 'started' })).text).toBe(
      set.replace('complete', 'started'),
    );
    expect(ok(set, commands.removeBefore(set, { container: 'db-init', target: 'app' })).text).toBe(text);
  });

  it('refuses a container before itself, an unknown container, a bad readiness and a loop', () => {
    refused(commands.setBefore(text, { container: 'app', target: 'app', ready: 'started' }), /before itself/);
    refused(
      commands.setBefore(text, { container: 'app', target: 'nope', ready: 'started' }),
      /no container named "nope"/,
    );
    refused(
      commands.setBefore(text, { container: 'app', target: 'db-init', ready: 'soon' as 'started' }),
      /started, healthy or complete/,
    );
    const set = ok(text, commands.setBefore(text, { container: 'db-init', target: 'app', ready: 'complete' })).text;
    refused(commands.setBefore(set, { container: 'app', target: 'db-init', ready: 'started' }), /would loop/);
  });
});

describe('the automation entry point', () => {
  it('runs a command by name', () => {
    const text = 'containers:\n  web:\n    image: x\n';
    expect(ok(text, runCommand('setVariable', text, { container: 'web', name: 'A', value: 'b' })).text).toBe(
      text + '    variables:\n      A: b\n',
    );
  });

  it('refuses an unknown command, arguments of the wrong type, and a document that does not read', () => {
    refused(runCommand('dropTable', 'a: 1\n', {}), /no command named "dropTable"/);
    refused(runCommand('addContainer', 'a: 1\n', null), /arguments as an object/);
    refused(runCommand('addContainer', 'a: 1\n', { name: 5, image: 'x' }), /"name" must be text/);
    refused(runCommand('setField', 'a: 1\n', { pointer: '/a' }), /needs "value"/);
    refused(runCommand('setServicePort', 'a: 1\n', { name: 'web', port: '80' }), /"port" must be a number/);
    refused(
      runCommand('addContainer', 'containers: [\n', { name: 'web', image: 'x' }),
      /cannot be edited until it reads correctly/,
    );
    refused(runCommand('addContainer', '- a\n- b\n', { name: 'web', image: 'x' }), /cannot be edited/);
  });

  it('starts a workload in an empty document', () => {
    expect(ok('', runCommand('addContainer', '', { name: 'web', image: 'nginx' })).text).toBe(
      'containers:\n  web:\n    image: nginx\n',
    );
    expect(ok('# new\n', runCommand('addContainer', '# new\n', { name: 'web', image: 'nginx' })).text).toBe(
      '# new\ncontainers:\n  web:\n    image: nginx\n',
    );
  });
});

describe('selection', () => {
  it('selects what a command created, or what remains after a removal', () => {
    const text = 'containers:\n  web:\n    image: x\nresources:\n  db:\n    type: postgres\n';
    expect(ok(text, commands.addResource(text, { name: 'cache', type: 'redis' })).selection).toBe('/resources/cache');
    expect(ok(text, commands.removeResource(text, { name: 'db' })).selection).toBe('');
    expect(ok(text, commands.setVariable(text, { container: 'web', name: 'A/B', value: 'x' })).selection).toBe(
      '/containers/web/variables/A~1B',
    );
  });
});

describe('a value beginning with U+FEFF (a byte order mark)', () => {
  const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers:\n  web:\n    image: nginx\n';

  it.each([
    ['setField', { pointer: '/containers/web/image', value: '\uFEFFx' }, ['containers', 'web', 'image'], '\uFEFFx'],
    [
      'setVariable',
      { container: 'web', name: 'A', value: '\uFEFFv' },
      ['containers', 'web', 'variables', 'A'],
      '\uFEFFv',
    ],
    [
      'setVariable',
      { container: 'web', name: '\uFEFFB', value: 'v' },
      ['containers', 'web', 'variables', '\uFEFFB'],
      'v',
    ],
  ] as const)('%s reads back with it, quoted (a plain one is dropped by the reader)', (name, args, path, expected) => {
    const result = ok(text, runCommand(name, text, args));
    let value: unknown = parseWorkloadText(result.text).value;
    for (const key of path) value = (value as Record<string, unknown>)[key];
    expect(value).toBe(expected);
  });
});

describe('a block scalar in place of a block mapping', () => {
  const ports = (after: string) =>
    `apiVersion: score.dev/v1b1\nservice:\n  ports:\n    www:\n      port: 80\n${after}resources: {}\n`;

  it.each([
    ['a comment after its last entry', '      targetPort: 8080 # container side\n', ''],
    [
      'comment lines under its last entry',
      '      targetPort: 8080\n      # deeper\n\n  # less deep\n# footer\n',
      '# footer\n',
    ],
  ])('holds exactly the text given, with %s gone with the mapping', (_, after, kept) => {
    for (const value of [' indented\nblock\n', 'a\nb\n']) {
      const result = ok(ports(after), commands.setField(ports(after), { pointer: '/service', value }));
      expect((parseWorkloadText(result.text).value as { service: unknown }).service).toBe(value);
      const header = value.startsWith(' ') ? '|2' : '|';
      const lines = value
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `  ${line}`);
      expect(result.text).toBe(
        `apiVersion: score.dev/v1b1\nservice: ${header}\n${lines.join('\n')}\n${kept}resources: {}\n`,
      );
    }
  });

  it('keeps the comment after the last entry when the new value is on one line, where it is still a comment', () => {
    const text = ports('      targetPort: 8080 # container side\n');
    const result = ok(text, commands.setField(text, { pointer: '/service', value: 'plain' }));
    expect(result.text).toContain('service: plain # container side\n');
  });
});

describe('new text for a literal block scalar', () => {
  const text = `containers:
  web:
    image: nginx
    files:
      /etc/a.conf:
        content: |  # generated by ops, do not reformat
          line1
          line2

      /etc/b.conf:
        content: |- # keep
          one
      /etc/c.conf:
        content: |+
          kept
`;
  const set = (file: string, value: string) =>
    ok(text, commands.setField(text, { pointer: `/containers/web/files/~1etc~1${file}/content`, value }));

  it('changes only its lines: the header and the comment on it stay', () => {
    expect(set('a.conf', 'line1\nline2 changed\n\nline4\n').text).toBe(
      text.replace('          line2\n', '          line2 changed\n\n          line4\n'),
    );
    expect(set('b.conf', 'two\nthree').text).toBe(text.replace('          one\n', '          two\n          three\n'));
  });

  it('is written anew when its header cannot hold the text', () => {
    // `|` keeps one final line break, `|-` none: text without one, or with one, needs another header.
    const a = set('a.conf', 'no final break').text;
    expect(a).not.toContain('# generated by ops');
    expect(parseWorkloadText(a).value).toMatchObject({
      containers: { web: { files: { '/etc/a.conf': { content: 'no final break' } } } },
    });
    const b = set('b.conf', 'two\n').text;
    expect(parseWorkloadText(b).value).toMatchObject({
      containers: { web: { files: { '/etc/b.conf': { content: 'two\n' } } } },
    });
    // A first line that starts with spaces would need an indentation indicator.
    const c = set('a.conf', '  indented\n').text;
    expect(parseWorkloadText(c).value).toMatchObject({
      containers: { web: { files: { '/etc/a.conf': { content: '  indented\n' } } } },
    });
  });

  it('`|+` and its kept blank lines are written anew, and read back as given', () => {
    const c = set('c.conf', 'changed\n').text;
    expect(parseWorkloadText(c).value).toMatchObject({
      containers: { web: { files: { '/etc/c.conf': { content: 'changed\n' } } } },
    });
  });
});

describe('merge keys (<<: *base)', () => {
  // The Score toolchain reads YAML with Go's yaml.v3, which applies merge keys: so does the app.
  const merged = `apiVersion: score.dev/v1b1
metadata:
  name: demo
containers:
  base: &base
    image: nginx
    variables:
      LOG: debug
  web:
    <<: *base
    args: [serve]
`;

  it('reads a merged container as the toolchain does, with no problem', () => {
    const report = validateText(merged);
    expect(report.diagnostics).toEqual([]);
    expect((report.parsed.value as { containers: Record<string, unknown> }).containers.web).toEqual({
      image: 'nginx',
      variables: { LOG: 'debug' },
      args: ['serve'],
    });
  });

  it('refuses to write or remove what a merge key brings, and says why', () => {
    for (const [name, args] of [
      ['setVariable', { container: 'web', name: 'PORT', value: '80' }],
      ['removeVariable', { container: 'web', name: 'LOG' }],
      ['unsetField', { pointer: '/containers/web/image' }],
    ] as const) {
      expect(runCommand(name, merged, args)).toEqual({
        error: expect.stringMatching(
          /^\/containers\/web takes "(variables|image)" from elsewhere through a merge key \(<<\); edit it as text\.$/,
        ),
      });
    }
  });

  it('edits what the merging mapping writes itself, and adds what the merge does not bring', () => {
    expect(ok(merged, runCommand('setField', merged, { pointer: '/containers/web/args/0', value: 'run' })).text).toBe(
      merged.replace('args: [serve]', 'args: [run]'),
    );
    expect(ok(merged, runCommand('setField', merged, { pointer: '/containers/web/command', value: ['x'] })).text).toBe(
      `${merged}    command: [x]\n`,
    );
  });
});

describe('new multi-line text under any indentation width', () => {
  const doc = (indent: number) => {
    const pad = ' '.repeat(indent);
    return `apiVersion: score.dev/v1b1\nmetadata:\n${pad}name: a\ncontainers:\n${pad}web:\n${pad}${pad}image: nginx\n${pad}${pad}variables:\n${pad}${pad}${pad}A: x\n`;
  };

  it('reads back as given when its first line starts with a space (no `|2` over lines indented by 4)', () => {
    for (const indent of [2, 3, 4, 8]) {
      const text = doc(indent);
      for (const value of [' lead\nx\n', '  two\n', ' a\n b', '\n x\n']) {
        for (const name of ['A', 'B']) {
          const result = ok(text, commands.setVariable(text, { container: 'web', name, value }));
          const read = parseWorkloadText(result.text).value as {
            containers: { web: { variables: Record<string, string> } };
          };
          expect(read.containers.web.variables[name], `indent ${indent}, ${JSON.stringify(value)}`).toBe(value);
        }
      }
    }
  });

  it('a folded block (`>`) given new lines stays folded', () => {
    const text = `containers:\n  web:\n    image: nginx\n    variables:\n      MSG: >\n        hello\n        world\n`;
    const result = ok(
      text,
      commands.setVariable(text, { container: 'web', name: 'MSG', value: 'bye now\nand then\n' }),
    );
    expect(result.text).toBe(
      `containers:\n  web:\n    image: nginx\n    variables:\n      MSG: >\n        bye now\n\n        and then\n`,
    );
    const read = parseWorkloadText(result.text).value as { containers: { web: { variables: { MSG: string } } } };
    expect(read.containers.web.variables.MSG).toBe('bye now\nand then\n');
  });
});

describe('new lists in a document that writes its lists under the key (indentless), indented by 4', () => {
  it('put their dashes under the key, as the document does', () => {
    const text = `containers:\n    web:\n        image: nginx\n        command:\n        - a\n`;
    const result = ok(text, commands.setField(text, { pointer: '/containers/web/args/0', value: 'x' }));
    expect(result.text).toBe(text + '        args:\n        - x\n');
    const nested = ok(
      text,
      commands.setField(text, { pointer: '/containers/web/files', value: { '/a': { content: 'x' } } }),
    );
    expect(parseWorkloadText(nested.text).value).toMatchObject({
      containers: { web: { files: { '/a': { content: 'x' } } } },
    });
  });
});
