/**
 * Provisioners: what makes a Score resource real in a compose project. This is the model (a
 * provisioner, its input and result, how a resource finds one) with the environment provisioner and
 * the adapter for provisioner files (template:// entries run through the template engine). The
 * built-in defaults, which mirror score-compose's, stand on it in ./builtin and are imported from
 * there (see docs/provisioners.md).
 */
export type {
  Provisioner,
  ProvisionerInfo,
  ProvisionContext,
  ProvisionInput,
  ProvisionOutcome,
  ProvisionResult,
  ProvisionerOutput,
  ProvisionerParam,
  RandomSource,
  WorkloadService,
  WorkloadServicePort,
} from './types';
export { emptyResult } from './types';
export type { LookupResult, OutputLookup } from './lookup';
export { environmentProvisioner } from './environment';
export { findProvisioner, provisionerMatches } from './match';
export { resourceUid, uidParts } from './uid';
export { createRandom, randomText } from './random';
export {
  loadProvisionerFile,
  loadProvisionerFiles,
  createTemplateProvisioner,
  type TemplateProvisionerSpec,
} from './template';
