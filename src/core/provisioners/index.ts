/**
 * Provisioners: what makes a Score resource real in a compose project. The built-in defaults mirror
 * score-compose's; provisioner files (template:// entries) run through the template engine.
 */
export type {
  Provisioner,
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
export { defaultProvisioners } from './builtin';
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
