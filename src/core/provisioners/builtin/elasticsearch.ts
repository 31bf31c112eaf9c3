import type { Provisioner } from '../types';
import { annotation, digText, keyed, result, unquoted } from './common';
import { randomText } from '../random';

/**
 * A single-node Elasticsearch with TLS, plus a `setup` service that makes its certificates. Its service
 * and volume names are fixed (setup, elasticsearch, ecscerts, ecsdata), so there is one per project,
 * and it always publishes its port (9200 unless the publish-port annotation says otherwise).
 */
export const elasticsearchProvisioner: Provisioner = {
  uri: 'template://default-provisioners/elasticsearch',
  type: 'elasticsearch',
  description: 'Provisions a dedicated Elastic Search instance.',
  params: [],
  outputs: [
    { name: 'host', description: 'Always "elasticsearch".' },
    { name: 'port', description: 'The published port, 9200 unless compose.score.dev/publish-port says otherwise.' },
    { name: 'username', description: 'Always "elastic".' },
    { name: 'password', description: "The elastic user's password.", secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomPassword = random.alphaNum(16);
    const randomClusterName = `cluster-ecs-${random.alphaNum(6)}`;
    const publishPort = annotation(input, 'compose.score.dev/publish-port', '9200');
    const license = annotation(input, 'compose.score.dev/license', 'basic');
    const version = annotation(input, 'compose.score.dev/stack-version', '8.14.0');
    const memLimit = annotation(input, 'compose.score.dev/es-mem-limit', '1073741824');

    const clusterName = digText(input.state, ['clusterName'], randomClusterName);
    const username = digText(input.state, ['username'], 'elastic');
    const password = digText(input.state, ['password'], randomPassword);
    const host = digText(input.state, ['host'], 'elasticsearch');
    const image = `docker.elastic.co/elasticsearch/elasticsearch:${version}`;
    const certs = { type: 'volume', source: 'ecscerts', target: '/usr/share/elasticsearch/config/certs' };
    const tls = (layer: string) => [
      `xpack.security.${layer}.ssl.enabled=true`,
      `xpack.security.${layer}.ssl.key=certs/${host}/${host}.key`,
      `xpack.security.${layer}.ssl.certificate=certs/${host}/${host}.crt`,
      `xpack.security.${layer}.ssl.certificate_authorities=certs/ca/ca.crt`,
    ];
    return {
      result: result({
        state: { clusterName, username, password, host },
        outputs: { host: unquoted(host), port: unquoted(publishPort), username, password },
        volumes: { ecscerts: { driver: 'local' }, ecsdata: { driver: 'local' } },
        services: keyed<unknown>(
          [
            'setup',
            {
              image,
              volumes: [certs],
              user: '0',
              command: ['bash', '-c', setupScript(host)],
              healthcheck: {
                test: ['CMD-SHELL', `[ -f config/certs/${host}/${host}.crt ]`],
                interval: '1s',
                timeout: '5s',
                retries: 120,
              },
            },
          ],
          [
            host,
            {
              depends_on: { setup: { condition: 'service_healthy' } },
              image,
              labels: { 'co.elastic.logs/module': 'elasticsearch' },
              volumes: [certs, { type: 'volume', source: 'ecsdata', target: '/usr/share/elasticsearch/data' }],
              ports: [{ target: 9200, published: unquoted(publishPort) }],
              environment: [
                `node.name=${host}`,
                `cluster.name=${clusterName}`,
                'discovery.type=single-node',
                'bootstrap.memory_lock=true',
                `ELASTIC_PASSWORD=${password}`,
                'xpack.security.enabled=true',
                ...tls('http'),
                ...tls('transport'),
                'xpack.security.transport.ssl.verification_mode=certificate',
                `xpack.license.self_generated.type=${license}`,
              ],
              mem_limit: unquoted(memLimit),
              ulimits: { memlock: { soft: -1, hard: -1 } },
              healthcheck: {
                test: [
                  'CMD-SHELL',
                  "curl -s --cacert config/certs/ca/ca.crt https://localhost:9200 | grep -q 'missing authentication credentials'",
                ],
                interval: '10s',
                timeout: '10s',
                retries: 120,
              },
            },
          ],
        ),
        info: [
          `${input.uid}: To connect to elasticsearch:\n download certificate from container per command like: \n \tdocker cp [CONTAINER-NAME]:/usr/share/elasticsearch/config/certs/ca/ca.crt /tmp/ \n and than check connection per culr like: \n \tcurl --cacert /tmp/ca.crt -u ${username}:${password} https://localhost:${publishPort}`,
        ],
      }),
    };
  },
};

/** Makes a CA and a certificate for the host, then waits until Elasticsearch answers over TLS. */
function setupScript(host: string): string {
  return [
    'if [ ! -f config/certs/ca.zip ]; then',
    '  echo "Creating CA";',
    '  bin/elasticsearch-certutil ca --silent --pem -out config/certs/ca.zip;',
    '  unzip config/certs/ca.zip -d config/certs;',
    'fi;',
    'if [ ! -f config/certs/certs.zip ]; then',
    '  echo "Creating certs";',
    '  echo -ne \\',
    '  "instances:\\n"\\',
    `  "  - name: ${host}\\n"\\`,
    '  "    dns:\\n"\\',
    `  "      - ${host}\\n"\\`,
    '  "      - localhost\\n"\\',
    '  "    ip:\\n"\\',
    '  "      - 127.0.0.1\\n"\\',
    '  > config/certs/instances.yml;',
    '  bin/elasticsearch-certutil cert --silent --pem -out config/certs/certs.zip --in config/certs/instances.yml --ca-cert config/certs/ca/ca.crt --ca-key config/certs/ca/ca.key;',
    '  unzip config/certs/certs.zip -d config/certs;',
    'fi;',
    'echo "Setting file permissions"',
    'chown -R root:root config/certs;',
    'find . -type d -exec chmod 750 \\{\\} \\;;',
    'find . -type f -exec chmod 640 \\{\\} \\;;',
    'echo "Waiting for Elasticsearch availability";',
    `until curl -s --cacert config/certs/ca/ca.crt https://${host}:9200 | grep -q "missing authentication credentials"; do sleep 10; done;`,
    'echo "All done!";',
    '',
  ].join('\n');
}
