import type { ProvisionerOutput } from '../provisioners/types';
import { builtinCatalog, catalogTypes } from './catalog';
import type { Catalog } from './types';

/**
 * The resource-type registry: the types the active catalog offers, as the canvas palette, the
 * inspector's type list and what they show of a type read them — each with a title and an icon, the
 * outputs a container can read, and the name a new resource gets. Fed by the catalog (its loaded files
 * and built-in provisioners); the common types keep the words and icons of the built-in list below.
 */

export type ResourceIcon =
  'database' | 'cache' | 'queue' | 'stream' | 'bucket' | 'search' | 'volume' | 'network' | 'generic';

export interface ResourceTypeInfo {
  type: string;
  /** What it is, in a few words, for the palette. */
  title: string;
  icon: ResourceIcon;
  /** The outputs a placeholder `${resources.NAME.OUTPUT}` can read. */
  outputs: readonly string[];
  /** The name a new resource of this type gets (made unique in the workload). */
  suggestedName: string;
  /** A volume is mounted into a container rather than read through outputs. */
  mountable?: boolean;
}

/** The common types, with the outputs score-compose's default provisioners produce (reference/score-compose/REPORT.md). */
export const builtInResourceTypes: readonly ResourceTypeInfo[] = [
  {
    type: 'postgres',
    title: 'PostgreSQL database',
    icon: 'database',
    outputs: ['host', 'port', 'name', 'database', 'username', 'password'],
    suggestedName: 'db',
  },
  {
    type: 'mysql',
    title: 'MySQL database',
    icon: 'database',
    outputs: ['host', 'port', 'name', 'database', 'username', 'password'],
    suggestedName: 'db',
  },
  {
    type: 'mongodb',
    title: 'MongoDB database',
    icon: 'database',
    outputs: ['host', 'port', 'username', 'password', 'connection'],
    suggestedName: 'mongo',
  },
  {
    type: 'mssql',
    title: 'SQL Server database',
    icon: 'database',
    outputs: ['server', 'port', 'connection', 'database', 'username', 'password'],
    suggestedName: 'sqlserver',
  },
  {
    type: 'redis',
    title: 'Redis cache',
    icon: 'cache',
    outputs: ['host', 'port', 'username', 'password'],
    suggestedName: 'cache',
  },
  {
    type: 'amqp',
    title: 'RabbitMQ queue (AMQP)',
    icon: 'queue',
    outputs: ['host', 'port', 'vhost', 'username', 'password'],
    suggestedName: 'queue',
  },
  {
    type: 'kafka-topic',
    title: 'Kafka topic',
    icon: 'stream',
    outputs: ['host', 'port', 'name', 'num_partitions'],
    suggestedName: 'topic',
  },
  {
    type: 's3',
    title: 'S3 bucket',
    icon: 'bucket',
    outputs: ['endpoint', 'region', 'bucket', 'access_key_id', 'secret_key', 'aws_access_key_id', 'aws_secret_key'],
    suggestedName: 'bucket',
  },
  {
    type: 'elasticsearch',
    title: 'Elasticsearch',
    icon: 'search',
    outputs: ['host', 'port', 'username', 'password'],
    suggestedName: 'search',
  },
  {
    type: 'volume',
    title: 'Volume',
    icon: 'volume',
    outputs: ['source', 'type'],
    suggestedName: 'data',
    mountable: true,
  },
  { type: 'dns', title: 'DNS name', icon: 'network', outputs: ['host'], suggestedName: 'dns' },
  { type: 'route', title: 'HTTP route', icon: 'network', outputs: [], suggestedName: 'route' },
  {
    type: 'service-port',
    title: 'Port of another workload',
    icon: 'network',
    outputs: ['hostname', 'port'],
    suggestedName: 'upstream',
  },
];

const byType = new Map(builtInResourceTypes.map((t) => [t.type, t]));

/** What the built-in list knows about a resource type; undefined for a type it does not have. */
export function resourceTypeInfo(type: string | undefined): ResourceTypeInfo | undefined {
  return type === undefined ? undefined : byType.get(type);
}

/**
 * Every type the catalog offers (built-in and loaded provisioners; the built-in catalog when none is
 * given), in alphabetical order, with the outputs its provisioners declare. Known types keep their
 * title, icon and suggested name; a type only a loaded file knows is shown by its description.
 */
export function resourceTypes(catalog: Catalog = builtinCatalog()): ResourceTypeInfo[] {
  return catalogTypes(catalog).map((t) => {
    const known = byType.get(t.type);
    const declared = t.entries.filter((e) => e.outputsDeclared).flatMap((e) => e.outputs.map((o) => o.name));
    const outputs = [...new Set([...declared, ...(known?.outputs ?? [])])];
    return {
      type: t.type,
      title: known?.title ?? firstSentence(t.description) ?? t.type,
      icon: known?.icon ?? 'generic',
      outputs,
      suggestedName: known?.suggestedName ?? suggestedNameFor(t.type),
      ...(known?.mountable ? { mountable: true } : {}),
    };
  });
}

/**
 * Where a type comes from, as every list of types marks it: "from acme.provisioners.yaml" (the loaded
 * files that offer it, in match order) for a type a loaded file offers; undefined for a type only the
 * built-in provisioners offer (or none).
 */
export function typeOrigin(catalog: Catalog, type: string): string | undefined {
  const files = new Set<string>();
  for (const entry of catalog.entries) {
    if (entry.type === type && entry.source.kind === 'file') files.add(entry.source.file);
  }
  return files.size === 0 ? undefined : `from ${[...files].join(', ')}`;
}

/**
 * The outputs a resource of this type has, as its provisioner declares them (with their meaning): the
 * first provisioner of the type in the catalog, the one a resource without a class gets. [] for a type
 * the catalog does not offer.
 */
export function outputsOfType(type: unknown, catalog: Catalog = builtinCatalog()): readonly ProvisionerOutput[] {
  return catalog.provisioners.find((p) => p.type === type)?.outputs ?? [];
}

function firstSentence(text: string): string | undefined {
  const sentence = text.split(/(?<=\.)\s/)[0]?.trim();
  return sentence ? sentence.replace(/\.$/, '') : undefined;
}

/** A resource name from a type: RFC 1123 letters, digits and dashes, at least two characters. */
function suggestedNameFor(type: string): string {
  const name = type
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name.length >= 2 ? name.slice(0, 63) : 'res';
}
