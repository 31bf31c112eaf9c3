import type { Provisioner } from '../types';
import {
  annotation,
  databaseOnSharedServer,
  databaseOutputs,
  databaseResult,
  INIT_CONTAINER_LABEL,
  keyed,
  published,
  result,
  squote,
} from './common';
import { randomText } from '../random';

const SHARED_KEY = 'default-provisioners-postgres-instance';
const IMAGE = 'mirror.gcr.io/postgres:17-alpine';

/**
 * One database (with its own user) per resource, on a PostgreSQL server shared by all of them: the
 * server's name and password live in the shared state, and an init service runs every database's
 * creation script once the server is healthy.
 */
export const postgresProvisioner: Provisioner = {
  uri: 'template://default-provisioners/postgres',
  type: 'postgres',
  description: 'Provisions a dedicated database on a shared PostgreSQL instance.',
  params: [],
  outputs: databaseOutputs('PostgreSQL', 5432, "The database owner's user name.", "The database owner's password."),
  provision(input, context) {
    const random = randomText(context.random);
    const { database, username, password, instance, instancePassword } = databaseOnSharedServer(input, SHARED_KEY, {
      service: `pg-${random.alphaNum(6)}`,
      database: `db-${random.alpha(8)}`,
      username: `user-${random.alpha(8)}`,
      password: random.alphaNum(16),
    });
    const publishPort = annotation(input, 'compose.score.dev/publish-port', '0');

    const server: Record<string, unknown> = {
      image: IMAGE,
      restart: 'always',
      environment: { POSTGRES_USER: 'postgres', POSTGRES_PASSWORD: instancePassword },
      ...(publishPort !== '0' ? { ports: [{ target: 5432, published: published(publishPort) }] } : {}),
      volumes: [{ type: 'volume', source: `${instance}-data`, target: '/var/lib/postgresql/data' }],
      healthcheck: { test: ['CMD', 'pg_isready', '-U', 'postgres'], interval: '2s', timeout: '2s', retries: 15 },
    };
    const init = {
      image: IMAGE,
      entrypoint: ['/bin/sh'],
      environment: { POSTGRES_PASSWORD: instancePassword },
      command: [
        '-c',
        `cd /db-scripts\nls db-*.sql | xargs cat | psql "postgresql://postgres:$\${POSTGRES_PASSWORD}@${instance}:5432/postgres"\n`,
      ],
      labels: { [INIT_CONTAINER_LABEL]: 'true' },
      depends_on: { [instance]: { condition: 'service_healthy', restart: true } },
      volumes: [{ type: 'bind', source: `${input.mountsDirectory}/${instance}-db-scripts`, target: '/db-scripts' }],
    };
    const script =
      `SELECT 'CREATE DATABASE "${database}"' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '${database}')\\gexec\n` +
      `SELECT $$CREATE USER "${username}" WITH PASSWORD '${password}'$$ WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${username}')\\gexec\n` +
      `GRANT ALL PRIVILEGES ON DATABASE "${database}" TO "${username}";\n` +
      `\\connect "${database}";\n` +
      `GRANT ALL ON SCHEMA public TO "${username}";\n`;
    const info = [
      `${input.uid}: To connect to postgres, enter password ${squote(password)} at: "docker run -it --network ${input.composeProjectName}_default --rm postgres:17-alpine psql -h ${instance} -U ${username} --dbname ${database}"`,
    ];
    if (publishPort !== '0') {
      info.push(
        `${input.uid}: Or connect your postgres client to "postgres://${username}:${password}@localhost:${publishPort}/${database}"`,
      );
    }
    return {
      result: result({
        state: { database, username, password },
        shared: { [SHARED_KEY]: { instanceServiceName: instance, instancePassword } },
        outputs: databaseResult(instance, 5432, database, username, password),
        files: keyed([`${instance}-db-scripts/${database}.sql`, script]),
        volumes: keyed([`${instance}-data`, { driver: 'local' }]),
        services: keyed<unknown>([instance, server], [`${instance}-init`, init]),
        info,
      }),
    };
  },
};
