import type { Provisioner } from '../types';
import { digText, keyed, result, RES_UID_LABEL, unquoted } from './common';
import { randomText } from '../random';

const PORT = 27017;

/** A dedicated MongoDB server per resource, with a root user and a data volume. */
export const mongodbProvisioner: Provisioner = {
  uri: 'template://default-provisioners/mongodb',
  type: 'mongodb',
  description: 'Provisions a dedicated MongoDB database.',
  params: [],
  outputs: [
    { name: 'host', description: 'The MongoDB service name.' },
    { name: 'port', description: 'Always 27017.' },
    { name: 'username', description: 'The root user name.' },
    { name: 'password', description: "The root user's password.", secret: true },
    { name: 'connection', description: 'A mongodb:// connection string with the credentials.', secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `mongo-${random.alphaNum(6)}`;
    const randomUsername = `user-${random.alpha(8)}`;
    const randomPassword = random.alphaNum(16);
    const service = digText(input.state, ['serviceName'], randomServiceName);
    const username = digText(input.state, ['username'], randomUsername);
    const password = digText(input.state, ['password'], randomPassword);
    const data = `${service}-data`;
    return {
      result: result({
        state: { serviceName: service, username, password },
        outputs: {
          host: unquoted(service),
          port: PORT,
          username,
          password,
          connection: `mongodb://${username}:${password}@${service}:${PORT}/`,
        },
        volumes: keyed([data, { name: data, driver: 'local', labels: { [RES_UID_LABEL]: input.uid } }]),
        services: keyed([
          service,
          {
            labels: { [RES_UID_LABEL]: input.uid },
            image: 'mirror.gcr.io/mongo:8',
            restart: 'always',
            environment: { MONGO_INITDB_ROOT_USERNAME: username, MONGO_INITDB_ROOT_PASSWORD: password },
            healthcheck: {
              test: [
                'CMD-SHELL',
                'echo \'db.runCommand("ping").ok\' | mongosh -u $$MONGO_INITDB_ROOT_USERNAME -p $$MONGO_INITDB_ROOT_PASSWORD',
              ],
              interval: '2s',
              timeout: '5s',
              retries: 15,
              start_period: '10s',
            },
            volumes: [{ type: 'volume', source: data, target: '/data/db', volume: { nocopy: true } }],
          },
        ]),
        info: [
          `${input.uid}: To connect to mongo: "docker exec -ti ${input.composeProjectName}-${service}-1 mongosh -u ${username} -p ${password}"`,
        ],
      }),
    };
  },
};
