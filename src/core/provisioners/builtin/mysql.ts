import type { Provisioner } from '../types';
import {
  annotation,
  databaseOnSharedServer,
  databaseOutputs,
  databaseResult,
  digText,
  keyed,
  published,
  result,
  squote,
  unquoted,
} from './common';
import { randomText } from '../random';

const SHARED_KEY = 'default-provisioners-mysql-instance';

/**
 * One database per resource on a MySQL server shared by all of them. The creation scripts are
 * mounted as the server's init scripts. As in score-compose, MYSQL_DATABASE and MYSQL_USER on the
 * server come from whichever resource was provisioned last.
 */
export const mysqlProvisioner: Provisioner = {
  uri: 'template://default-provisioners/mysql',
  type: 'mysql',
  description: 'Provisions a dedicated MySQL database on a shared instance.',
  params: [],
  outputs: databaseOutputs('MySQL', 3306, "The database user's name.", "The database user's password."),
  provision(input, context) {
    const random = randomText(context.random);
    const { database, username, password, instance, instancePassword } = databaseOnSharedServer(input, SHARED_KEY, {
      service: `mysql-${random.alphaNum(6)}`,
      database: `db${random.alpha(8)}`,
      username: `user-${random.alpha(8)}`,
      password: random.alphaNum(16),
    });
    const randomRootPassword = random.alphaNum(16);
    const publishPort = annotation(input, 'compose.score.dev/publish-port', '0');
    const rootPassword = digText(input.shared, [SHARED_KEY, 'instanceRootPassword'], randomRootPassword);

    const script =
      `CREATE DATABASE IF NOT EXISTS ${database};\n` +
      `USE ${database};\n` +
      `CREATE USER IF NOT EXISTS '${username}'@'localhost' IDENTIFIED BY '${password}';\n` +
      `GRANT ALL PRIVILEGES ON ${database} TO '${username}'@'localhost';\n` +
      `FLUSH PRIVILEGES;\n`;
    const info = [
      `${input.uid}: To connect to mysql, enter password ${squote(password)} at: "docker run -it --network ${input.composeProjectName}_default --rm mysql:8 mysql -h ${instance} -u ${username} -p"`,
    ];
    if (publishPort !== '0') {
      info.push(
        `${input.uid}: Or connect your mysql client to " mysql://${username}:${password}@${instance}:${publishPort}/${database}"`,
      );
    }
    return {
      result: result({
        state: { database, username, password },
        shared: {
          [SHARED_KEY]: { instanceServiceName: instance, instancePassword, instanceRootPassword: rootPassword },
        },
        outputs: databaseResult(instance, 3306, database, username, password),
        files: keyed([`${instance}-db-scripts/${database}.sql`, script]),
        volumes: keyed([`${instance}-data`, { driver: 'local' }]),
        services: keyed([
          instance,
          {
            image: 'mirror.gcr.io/mysql:8',
            restart: 'always',
            environment: {
              MYSQL_DATABASE: unquoted(database),
              MYSQL_USER: unquoted(username),
              MYSQL_PASSWORD: instancePassword,
              MYSQL_ROOT_PASSWORD: rootPassword,
            },
            ...(publishPort !== '0' ? { ports: [{ target: 3306, published: published(publishPort) }] } : {}),
            volumes: [
              {
                type: 'bind',
                source: `${input.mountsDirectory}/${instance}-db-scripts`,
                target: '/docker-entrypoint-initdb.d/',
              },
              { type: 'volume', source: `${instance}-data`, target: '/var/lib/mysql' },
            ],
            healthcheck: {
              test: ['CMD', 'mysqladmin', 'ping', '-h', 'localhost', '-uroot', '-p$${MYSQL_ROOT_PASSWORD}'],
              interval: '5s',
              timeout: '3s',
              retries: 10,
            },
          },
        ]),
        info,
      }),
    };
  },
};
