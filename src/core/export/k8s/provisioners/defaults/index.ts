import { stringify } from 'yaml';
import { loadK8sProvisioners } from '../file';
import type { K8sProvisioner } from '../types';
import type { DefaultProvisioner } from './blocks';
import { dns, exampleCommand, exampleTemplate, route, servicePort, volume } from './basics';
import { mongodb, mssql, mysql, postgres, postgresInstance } from './databases';
import { kafkaTopic } from './kafka';
import { amqp, redis, s3 } from './messaging';

/**
 * score-k8s's default provisioners (what `score-k8s init` writes as zz-default.provisioners.yaml):
 * the same types, params, outputs, descriptions and manifests, written here as our own templates and
 * printed as a provisioners file in score-k8s's format, which the export loads like any other.
 */

/** In score-k8s's file order, which is also the order they are tried in. */
const DEFAULTS: readonly DefaultProvisioner[] = [
  exampleTemplate,
  exampleCommand,
  servicePort,
  volume,
  dns,
  route,
  postgres,
  postgresInstance,
  redis,
  mysql,
  mongodb,
  amqp,
  mssql,
  s3,
  kafkaTopic,
];

/** The default provisioners as a provisioners file. */
export const DEFAULT_K8S_PROVISIONERS_FILE = `# score-k8s's default provisioners, as score-designer runs them.\n${stringify(
  DEFAULTS,
  {
    blockQuote: 'literal',
    lineWidth: 0,
  },
)}`;

let loaded: readonly K8sProvisioner[] | undefined;

/** The default provisioners, loaded once from the file above. */
export function defaultK8sProvisioners(): K8sProvisioner[] {
  if (!loaded) {
    const result = loadK8sProvisioners(DEFAULT_K8S_PROVISIONERS_FILE);
    if ('error' in result) throw new Error(`the default provisioners file does not load: ${result.error}`);
    loaded = result.provisioners;
  }
  return [...loaded];
}
