import type { Provisioner } from '../types';
import { annotation, atoi, digText, INIT_CONTAINER_LABEL, keyed, result, unquoted } from './common';
import { randomText } from '../random';

const SHARED_KEY = 'default-provisioners-rabbitmq';
const IMAGE = 'mirror.gcr.io/rabbitmq:3-management-alpine';

/** One vhost (and user) per resource on a RabbitMQ server shared by all of them. */
export const amqpProvisioner: Provisioner = {
  uri: 'template://default-provisioners/rabbitmq',
  type: 'amqp',
  description: 'Provisions a dedicated RabbitMQ vhost on a shared instance.',
  params: [],
  outputs: [
    { name: 'host', description: 'The RabbitMQ service name.' },
    { name: 'port', description: 'Always 5672.' },
    { name: 'vhost', description: 'The virtual host.' },
    { name: 'username', description: "The vhost user's name." },
    { name: 'password', description: "The vhost user's password.", secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `rabbitmq-${random.alphaNum(6)}`;
    const randomVHost = `vhost-${random.alpha(8)}`;
    const randomUsername = `user-${random.alpha(8)}`;
    const randomPassword = random.alphaNum(16);
    const publishPort = atoi(annotation(input, 'compose.score.dev/publish-port', '0'));
    const publishManagementPort = atoi(annotation(input, 'compose.score.dev/publish-management-port', '0'));

    const vhost = digText(input.state, ['vhost'], randomVHost);
    const username = digText(input.state, ['username'], randomUsername);
    const password = digText(input.state, ['password'], randomPassword);
    const instance = digText(input.shared, [SHARED_KEY, 'instanceServiceName'], randomServiceName);
    // The template draws the cookie every time, even when the shared state already has one.
    const randomCookie = random.alpha(20);
    const cookie = digText(input.shared, [SHARED_KEY, 'instanceErlangCookie'], randomCookie);
    const publishPorts: unknown[] = [];
    if (publishPort !== 0) publishPorts.push({ published: publishPort, target: 5672 });
    if (publishManagementPort !== 0) publishPorts.push({ published: publishManagementPort, target: 15672 });
    // The server publishes the ports the shared state holds after this resource's patch.
    const ports = publishPorts;

    const script =
      'while ! rabbitmqctl list_vhosts > /dev/null 2>&1; do\n' +
      '  sleep 1\n' +
      'done\n' +
      `rabbitmqctl list_vhosts | grep ${vhost} || rabbitmqctl add_vhost ${vhost}\n` +
      `rabbitmqctl list_users | grep ${username} || rabbitmqctl add_user ${username} ${password}\n` +
      `rabbitmqctl set_user_tags ${username} administrator\n` +
      `rabbitmqctl set_permissions -p ${vhost} ${username} ".*" ".*" ".*"\n` +
      `rabbitmqctl set_topic_permissions -p ${vhost} ${username} ".*" ".*" ".*"\n`;
    const info: string[] = [];
    if (publishManagementPort !== 0) {
      info.push(`${input.uid}: Browse the rabbitmq UI at "http://localhost:${publishManagementPort}"`);
    }
    return {
      result: result({
        state: { vhost, username, password },
        shared: {
          [SHARED_KEY]: { instanceServiceName: instance, instanceErlangCookie: unquoted(cookie), publishPorts },
        },
        outputs: {
          host: unquoted(instance),
          port: 5672,
          vhost: unquoted(vhost),
          username: unquoted(username),
          password: unquoted(password),
        },
        volumes: keyed([`${instance}-data`, { driver: 'local' }]),
        files: keyed([`${instance}-db-scripts/${vhost}.sh`, script]),
        services: keyed<unknown>(
          [
            instance,
            {
              image: IMAGE,
              restart: 'always',
              environment: {
                RABBITMQ_ERLANG_COOKIE: unquoted(cookie),
                RABBITMQ_DEFAULT_USER: 'guest',
                RABBITMQ_DEFAULT_PASS: 'guest',
              },
              ports,
              volumes: [{ type: 'volume', source: `${instance}-data`, target: '/var/lib/rabbitmq' }],
              healthcheck: {
                test: ['CMD-SHELL', 'rabbitmq-diagnostics -q check_port_connectivity'],
                interval: '2s',
                timeout: '5s',
                retries: 15,
              },
            },
          ],
          [
            `${instance}-init`,
            {
              image: IMAGE,
              entrypoint: ['/bin/sh'],
              environment: { RABBITMQ_ERLANG_COOKIE: unquoted(cookie) },
              command: ['-c', 'set -exu\nfor s in /db-scripts/*.sh; do source $$s; done\n'],
              depends_on: { [instance]: { condition: 'service_healthy', restart: true } },
              labels: { [INIT_CONTAINER_LABEL]: 'true' },
              network_mode: `service:${instance}`,
              volumes: [
                { type: 'bind', source: `${input.mountsDirectory}/${instance}-db-scripts`, target: '/db-scripts' },
              ],
            },
          ],
        ),
        info,
      }),
    };
  },
};
