import type { Provisioner } from '../types';
import { annotation, digText, keyed, published, result, squote, unquoted } from './common';
import { randomText } from '../random';

/** A dedicated PostgreSQL server per resource; the outputs are its superuser's credentials. */
export const postgresInstanceProvisioner: Provisioner = {
  uri: 'template://default-provisioners/postgres-instance',
  type: 'postgres-instance',
  description: 'Provisions a dedicated PostgreSQL instance.',
  params: [],
  outputs: [
    { name: 'host', description: 'The PostgreSQL service name.' },
    { name: 'port', description: 'Always 5432.' },
    { name: 'username', description: 'Always "postgres".' },
    { name: 'password', description: "The postgres user's password.", secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomServiceName = `pg-${random.alphaNum(6)}`;
    // The template draws a database and user name it never uses; drawing them keeps the random
    // sequence identical to score-compose's.
    random.alpha(8);
    random.alpha(8);
    const randomPassword = random.alphaNum(16);
    const publishPort = annotation(input, 'compose.score.dev/publish-port', '0');
    const service = digText(input.state, ['serviceName'], randomServiceName);
    const password = digText(input.state, ['password'], randomPassword);
    const info = [
      `${input.uid}: To connect to postgres, enter password ${squote(password)} at: "docker run -it --network ${input.composeProjectName}_default --rm postgres:17-alpine psql -h ${service} -U postgres --dbname postgres"`,
    ];
    if (publishPort !== '0') {
      info.push(
        `${input.uid}: Or connect your postgres client to "postgres://postgres:${password}@localhost:${publishPort}/postgres"`,
      );
    }
    return {
      result: result({
        state: { serviceName: service, database: 'postgres', username: 'postgres', password },
        outputs: { host: unquoted(service), port: 5432, username: 'postgres', password: unquoted(password) },
        volumes: keyed([`${service}-data`, { driver: 'local' }]),
        services: keyed([
          service,
          {
            image: 'mirror.gcr.io/postgres:17-alpine',
            restart: 'always',
            environment: { POSTGRES_USER: 'postgres', POSTGRES_PASSWORD: password },
            ...(publishPort !== '0' ? { ports: [{ target: 5432, published: published(publishPort) }] } : {}),
            volumes: [{ type: 'volume', source: `${service}-data`, target: '/var/lib/postgresql/data' }],
            healthcheck: { test: ['CMD', 'pg_isready', '-U', 'postgres'] },
          },
        ]),
        info,
      }),
    };
  },
};
