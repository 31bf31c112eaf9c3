import { lookup } from './read';
import type { Variable } from './service';

/**
 * Well-known images that a Score workload declares as a resource instead of running as a container:
 * a postgres image becomes a `postgres` resource, whose provisioner runs the database. What the
 * Compose file fixes about it (user, password, database, port) are the resource's outputs there:
 * other services' variables that hold those values read the outputs instead.
 */
export interface WellKnownType {
  /** The resource type (as score-compose's default provisioners name it). */
  type: string;
  /** The port the image serves on. */
  port: number;
  /** The outputs the service's settings fix, by output name (as the type's provisioner names them). */
  outputs(env: ReadonlyMap<string, string>, command: readonly string[]): Record<string, string>;
}

const first = (env: ReadonlyMap<string, string>, ...keys: string[]): string | undefined =>
  keys.map((k) => env.get(k)).find((v) => v !== undefined);

const defined = (record: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(record).filter((e): e is [string, string] => e[1] !== undefined));

const TYPES: Record<string, WellKnownType> = {
  postgres: {
    type: 'postgres',
    port: 5432,
    outputs(env) {
      const username = first(env, 'POSTGRES_USER') ?? 'postgres';
      const database = first(env, 'POSTGRES_DB') ?? username;
      return defined({ username, password: first(env, 'POSTGRES_PASSWORD'), database, name: database });
    },
  },
  mysql: {
    type: 'mysql',
    port: 3306,
    outputs(env) {
      const user = first(env, 'MYSQL_USER', 'MARIADB_USER');
      const database = first(env, 'MYSQL_DATABASE', 'MARIADB_DATABASE');
      return defined({
        username: user ?? 'root',
        password: user
          ? first(env, 'MYSQL_PASSWORD', 'MARIADB_PASSWORD')
          : first(env, 'MYSQL_ROOT_PASSWORD', 'MARIADB_ROOT_PASSWORD'),
        database,
        name: database,
      });
    },
  },
  redis: {
    type: 'redis',
    port: 6379,
    outputs(env, command) {
      const at = command.indexOf('--requirepass');
      return defined({ username: 'default', password: at >= 0 ? command[at + 1] : first(env, 'REDIS_PASSWORD') });
    },
  },
  mongodb: {
    type: 'mongodb',
    port: 27017,
    outputs(env) {
      return defined({
        username: first(env, 'MONGO_INITDB_ROOT_USERNAME'),
        password: first(env, 'MONGO_INITDB_ROOT_PASSWORD'),
      });
    },
  },
  amqp: {
    type: 'amqp',
    port: 5672,
    outputs(env) {
      return defined({
        username: first(env, 'RABBITMQ_DEFAULT_USER') ?? 'guest',
        password: first(env, 'RABBITMQ_DEFAULT_PASS') ?? 'guest',
        vhost: first(env, 'RABBITMQ_DEFAULT_VHOST') ?? '/',
      });
    },
  },
};

/** The image's name without registry, tag or digest: `docker.io/library/postgres:16-alpine` → `postgres`. */
export function imageName(image: string): string {
  const noDigest = image.split('@')[0]!;
  const parts = noDigest.split('/');
  const last = parts[parts.length - 1]!;
  return last.split(':')[0]!.toLowerCase();
}

const BY_IMAGE: Record<string, string> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  redis: 'redis',
  mongo: 'mongodb',
  mongodb: 'mongodb',
  rabbitmq: 'amqp',
};

/** The resource type an image is, or undefined for images that stay containers. */
export function wellKnown(image: string | undefined): WellKnownType | undefined {
  if (image === undefined) return undefined;
  const type = lookup(BY_IMAGE, imageName(image));
  return type === undefined ? undefined : lookup(TYPES, type);
}

/** Every well-known type, for the tests that hold them to the provisioners' outputs. */
export const WELL_KNOWN_TYPES: readonly WellKnownType[] = Object.values(TYPES);

/** The service's own variables, by name, as its image reads them (only plain values: `${…}` kept as written). */
export function variablesOf(variables: readonly Variable[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of variables) if (v.value !== null) out.set(v.key, v.value);
  return out;
}
