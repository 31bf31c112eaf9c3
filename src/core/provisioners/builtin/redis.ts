import type { Provisioner } from '../types';
import { digText, keyed, result, RES_UID_LABEL, squote, unquoted } from './common';
import { randomText } from '../random';

const PORT = 6379;

/** A dedicated Redis server per resource, with a password and a data volume. */
export const redisProvisioner: Provisioner = {
  uri: 'template://default-provisioners/redis',
  type: 'redis',
  description: 'Provisions a dedicated Redis instance.',
  params: [],
  outputs: [
    { name: 'host', description: 'The Redis service name.' },
    { name: 'port', description: 'Always 6379.' },
    { name: 'username', description: 'Always "default".' },
    { name: 'password', description: 'The password Redis requires.', secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `redis-${random.alphaNum(6)}`;
    const randomPassword = random.alphaNum(16);
    const service = digText(input.state, ['serviceName'], randomServiceName);
    const password = digText(input.state, ['password'], randomPassword);
    const data = `${service}-data`;
    return {
      result: result({
        state: { serviceName: service, password },
        outputs: { host: unquoted(service), port: PORT, username: 'default', password },
        files: keyed([`${service}/redis.conf`, `requirepass ${password}\nport ${PORT}\nsave 60 1\nloglevel warning\n`]),
        volumes: keyed([data, { name: data, driver: 'local', labels: { [RES_UID_LABEL]: input.uid } }]),
        services: keyed([
          service,
          {
            labels: { [RES_UID_LABEL]: input.uid },
            image: 'mirror.gcr.io/redis:7-alpine',
            restart: 'always',
            entrypoint: ['redis-server'],
            command: ['/usr/local/etc/redis/redis.conf'],
            volumes: [
              {
                type: 'bind',
                source: `${input.mountsDirectory}/${service}/redis.conf`,
                target: '/usr/local/etc/redis/redis.conf',
                read_only: true,
              },
              { type: 'volume', source: data, target: '/data', volume: { nocopy: true } },
            ],
          },
        ]),
        info: [
          `${input.uid}: To connect to redis: "docker run -it --network ${input.composeProjectName}_default --rm redis redis-cli -h ${squote(service)} -a ${squote(password)}"`,
        ],
      }),
    };
  },
};
