import type { Provisioner } from '../types';
import { annotation, digText, keyed, published, result, squote, unquoted } from './common';
import { randomText } from '../random';

const SERVICE = 'default-provisioners-mssql';
const IMAGE = 'mcr.microsoft.com/mssql/server:latest';

/**
 * One SQL Server, always named default-provisioners-mssql, for every mssql resource. As in
 * score-compose, each resource draws its own sa password but the last one provisioned is the one the
 * server gets, and the `port` output is the publish-port annotation (0 when it is not set).
 */
export const mssqlProvisioner: Provisioner = {
  uri: 'template://default-provisioners/mssql',
  type: 'mssql',
  description: 'Provisions a dedicated database on a shared MS SQL server instance.',
  params: [],
  outputs: [
    { name: 'server', description: 'The SQL Server service name.' },
    { name: 'port', description: 'The published host port (0 unless compose.score.dev/publish-port is set).' },
    { name: 'connection', description: 'An ADO.NET connection string with the credentials.', secret: true },
    { name: 'database', description: 'Always "master".' },
    { name: 'username', description: 'Always "sa".' },
    { name: 'password', description: "The sa user's password.", secret: true },
  ],
  provision(input, context) {
    const random = randomText(context.random);
    const randomPassword = random.alphaNum(16);
    const publishPort = annotation(input, 'compose.score.dev/publish-port', '0');
    const password = digText(input.state, ['password'], randomPassword);
    const port = unquoted(publishPort);
    const connection = `Server=tcp:${SERVICE},1433;Initial Catalog=master;User ID=sa;Password=${password};`;
    const info = [
      `${input.uid}: To connect to mssql: "docker run -it --network ${input.composeProjectName}_default --rm ${IMAGE} mysql /opt/mssql-tools/bin/sqlcmd -S localhost -U sa -p ${squote(password)}"`,
    ];
    if (publishPort !== '0') info.push(`${input.uid}: Or connect your mssql client to " ${connection}"`);
    return {
      result: result({
        state: { service: SERVICE, database: 'master', username: 'sa', password, publishPort: port },
        outputs: {
          server: SERVICE,
          port,
          connection,
          database: 'master',
          username: 'sa',
          password: unquoted(password),
        },
        volumes: keyed([`${SERVICE}-data`, { driver: 'local' }]),
        services: keyed([
          SERVICE,
          {
            image: IMAGE,
            restart: 'always',
            environment: {
              ACCEPT_EULA: 'Y',
              MSSQL_ENABLE_HADR: '1',
              MSSQL_AGENT_ENABLED: '1',
              MSSQL_SA_PASSWORD: unquoted(password),
            },
            ...(publishPort !== '0' ? { ports: [{ target: 1433, published: published(publishPort) }] } : {}),
            volumes: [{ type: 'volume', source: `${SERVICE}-data`, target: '/var/opt/mssql' }],
          },
        ]),
        info,
      }),
    };
  },
};
