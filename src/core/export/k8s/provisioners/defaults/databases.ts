import {
  claimTemplate,
  clusterService,
  LOCKED_DOWN,
  nest,
  ownedLabels,
  secret,
  statefulSet,
  type DefaultProvisioner,
} from './blocks';

/**
 * The default database provisioners: each resource gets its own server (a one-replica StatefulSet
 * with a 1Gi claim and a ClusterIP Service) named after the workload and the resource's guid, and
 * a Secret with its password; the password output is a reference to that Secret.
 */
const SERVICE = '{{ .State.service }}';

/** The state every database keeps: its service name, then the random values it was born with. */
function databaseState(prefix: string, kept: readonly string[], fixed = ''): string {
  const lines = [`service: ${prefix}-{{ .SourceWorkload }}-{{ substr 0 8 .Guid | lower }}`];
  if (fixed !== '') lines.push(fixed);
  for (const name of kept) {
    const from = `random${name[0]!.toUpperCase()}${name.slice(1)}`;
    lines.push(`${name}: {{ dig "${name}" .Init.${from} .State | quote }}`);
  }
  return `${lines.join('\n')}\n`;
}

const userAndPassword = `randomUsername: user-{{ randAlpha 8 }}
randomPassword: {{ randAlphaNum 16 | quote }}
`;

function portItem(port: number): string {
  return `- port: ${port}\n  targetPort: ${port}`;
}

function secretEnv(name: string, key: string): string {
  return `- name: ${name}
  valueFrom:
    secretKeyRef:
      name: ${SERVICE}
      key: ${key}`;
}

const POD_SECURITY_1000 = `securityContext:
  runAsNonRoot: true
  fsGroup: 1000
  seccompProfile:
    type: RuntimeDefault`;

function postgresPod(withDatabase: boolean): string {
  const database = withDatabase ? `\n  - name: POSTGRES_DB\n    value: {{ .State.database | quote }}` : '';
  const probeDatabase = withDatabase ? `\n      - -d\n      - {{ .State.database | quote }}` : '';
  return `automountServiceAccountToken: false
containers:
- name: postgres-db
  image: mirror.gcr.io/postgres:17-alpine
  ports:
  - name: postgres
    containerPort: 5432
  env:
  - name: PGDATA
    value: /var/lib/postgresql/data/pgdata
  - name: POSTGRES_USER
    value: {{ .State.username | quote }}
${nest(secretEnv('POSTGRES_PASSWORD', 'password'), 2)}${database}
  volumeMounts:
  - name: pv-data
    mountPath: /var/lib/postgresql/data
  securityContext:
    runAsUser: 1000
    runAsGroup: 1000
${nest(LOCKED_DOWN, 4)}
  readinessProbe:
    exec:
      command:
      - pg_isready
      - -U
      - {{ .State.username | quote }}${probeDatabase}
    periodSeconds: 3
${POD_SECURITY_1000}`;
}

function postgresManifests(withDatabase: boolean): string {
  return `${secret(SERVICE, 'password: {{ .State.password | b64enc }}')}
${statefulSet(SERVICE, postgresPod(withDatabase), { claims: claimTemplate('pv-data', '1Gi', ownedLabels(SERVICE)) })}
${clusterService(SERVICE, portItem(5432))}
`;
}

export const postgres: DefaultProvisioner = {
  uri: 'template://default-provisioners/postgres',
  type: 'postgres',
  description: 'Provisions a dedicated database on a shared PostgreSQL instance.',
  init: `randomDatabase: db-{{ randAlpha 8 }}\n${userAndPassword}`,
  state: databaseState('pg', ['database', 'username', 'password']),
  outputs: `host: ${SERVICE}
port: 5432
name: {{ .State.database }}
database: {{ .State.database }}
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "password" }}
`,
  manifests: postgresManifests(true),
  expected_outputs: ['host', 'port', 'name', 'database', 'username', 'password'],
};

export const postgresInstance: DefaultProvisioner = {
  uri: 'template://default-provisioners/postgres-instance',
  type: 'postgres-instance',
  description: 'Provisions a dedicated PostgreSQL instance.',
  init: userAndPassword,
  state: databaseState('pg', ['username', 'password']),
  outputs: `host: ${SERVICE}
port: 5432
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "password" }}
`,
  manifests: postgresManifests(false),
  expected_outputs: ['host', 'port', 'username', 'password'],
};

const mysqlPod = `containers:
- name: mysql-db
  image: mirror.gcr.io/mysql:8
  ports:
  - name: mysql
    containerPort: 3306
  env:
  - name: MYSQL_USER
    value: {{ .State.username | quote }}
${nest(secretEnv('MYSQL_PASSWORD', 'MYSQL_PASSWORD'), 2)}
${nest(secretEnv('MYSQL_ROOT_PASSWORD', 'MYSQL_ROOT_PASSWORD'), 2)}
  - name: MYSQL_DATABASE
    value: {{ .State.database | quote }}
  volumeMounts:
  - name: data
    mountPath: /var/lib/mysql
  readinessProbe:
    exec:
      command:
      - mysqladmin
      - ping
      - -h
      - localhost
    periodSeconds: 3`;

export const mysql: DefaultProvisioner = {
  uri: 'template://default-provisioners/mysql',
  type: 'mysql',
  description: 'Provisions a dedicated MySQL database on a shared instance.',
  init: `randomDatabase: db-{{ randAlpha 8 }}\n${userAndPassword}`,
  state: databaseState('mysql', ['database', 'username', 'password']),
  outputs: `host: ${SERVICE}
port: 3306
name: {{ .State.database }}
database: {{ .State.database }}
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "MYSQL_PASSWORD" }}
`,
  manifests: `${secret(SERVICE, 'MYSQL_PASSWORD: {{ .State.password | b64enc }}\nMYSQL_ROOT_PASSWORD: {{ .State.password | b64enc }}')}
${statefulSet(SERVICE, mysqlPod, { claims: claimTemplate('data', '1Gi', ownedLabels(SERVICE)) })}
${clusterService(SERVICE, portItem(3306))}
`,
  expected_outputs: ['host', 'port', 'name', 'database', 'username', 'password'],
};

const mongoPod = `automountServiceAccountToken: false
containers:
- name: mongo-db
  image: mirror.gcr.io/mongo:8
  ports:
  - name: mongo
    containerPort: 27017
  env:
  - name: MONGO_INITDB_ROOT_USERNAME
    value: {{ .State.username | quote }}
${nest(secretEnv('MONGO_INITDB_ROOT_PASSWORD', 'MONGO_INITDB_ROOT_PASSWORD'), 2)}
  livenessProbe:
    exec:
      command:
        - /bin/sh
        - -c
        - echo 'db.runCommand("ping").ok' | mongosh -u $$MONGO_INITDB_ROOT_USERNAME -p $$MONGO_INITDB_ROOT_PASSWORD
    initialDelaySeconds: 30
    timeoutSeconds: 5
    periodSeconds: 20
  securityContext:
    runAsUser: 1001
    runAsGroup: 1001
    readOnlyRootFilesystem: true
${nest(LOCKED_DOWN, 4)}
  volumeMounts:
  - name: data
    mountPath: /data/db
  - name: tmp
    mountPath: /tmp
securityContext:
  runAsNonRoot: true
  fsGroup: 1001
  seccompProfile:
    type: RuntimeDefault
volumes:
  - name: tmp
    emptyDir: {}`;

export const mongodb: DefaultProvisioner = {
  uri: 'template://default-provisioners/mongo',
  type: 'mongodb',
  description: 'Provisions a dedicated MongoDB database.',
  init: userAndPassword,
  state: databaseState('mongo', ['username', 'password']),
  outputs: `host: ${SERVICE}
port: 27017
connection: "mongodb://{{ .State.username }}:{{ .State.password }}@{{ .State.service }}:27017/"
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "MONGO_INITDB_ROOT_PASSWORD" }}
`,
  manifests: `${secret(SERVICE, 'MONGO_INITDB_ROOT_PASSWORD: {{ .State.password | b64enc }}')}
${statefulSet(SERVICE, mongoPod, { claims: claimTemplate('data', '1Gi', ownedLabels(SERVICE)) })}
${clusterService(SERVICE, portItem(27017))}
`,
  expected_outputs: ['host', 'port', 'username', 'password', 'connection'],
};

const mssqlPod = `containers:
- name: mssql-db
  image: mcr.microsoft.com/mssql/server:latest
  ports:
  - name: mssql
    containerPort: 1433
  env:
  - name: ACCEPT_EULA
    value: "Y"
  - name: MSSQL_ENABLE_HADR
    value: "1"
  - name: MSSQL_AGENT_ENABLED
    value: "1"
${nest(secretEnv('MSSQL_SA_PASSWORD', 'MSSQL_SA_PASSWORD'), 2)}
  volumeMounts:
  - name: mssql
    mountPath: "/var/opt/mssql"`;

export const mssql: DefaultProvisioner = {
  uri: 'template://default-provisioners/mssql',
  type: 'mssql',
  description: 'Provisions a dedicated database on a shared MS SQL server instance.',
  init: `randomPassword: {{ randAlphaNum 16 | quote }}\n`,
  state: databaseState('mssql', ['password'], 'database: master\nusername: sa'),
  outputs: `server: ${SERVICE}
port: 1433
connection: "Server=tcp:{{ .State.service }},1433;Initial Catalog={{ .State.database }};User ID={{ .State.username }};Password={{ encodeSecretRef .State.service "MSSQL_SA_PASSWORD" }}"
database: {{ .State.database }}
username: {{ .State.username }}
password: {{ encodeSecretRef .State.service "MSSQL_SA_PASSWORD" }}
`,
  manifests: `${secret(SERVICE, 'MSSQL_SA_PASSWORD: {{ .State.password | b64enc }}')}
${statefulSet(SERVICE, mssqlPod, { claims: claimTemplate('mssql', '1Gi', ownedLabels(SERVICE)) })}
${clusterService(SERVICE, portItem(1433))}
`,
  expected_outputs: ['server', 'port', 'connection', 'database', 'username', 'password'],
};
