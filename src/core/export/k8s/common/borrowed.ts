/**
 * What the Kubernetes export borrows from the rest of the core, in one place: Go's behaviours
 * (string order, JSON, paths, strconv, the yaml.v3 writer), the Score workload as score-go maps it,
 * placeholder substitution, resource priming and sorting, provisioner matching and the template
 * engine. When they move, only this file is re-pointed.
 */
export { compareStrings as compareGoStrings, sortStrings as sortGoStrings } from '../../../go/sort';
export { marshal as goJson } from '../../../go/encoding/json';
export { basePath, dirPath, isAbsPath, joinPath } from '../../../go/path';
export { base64Decode } from '../../../go/encoding/base64';
export { utf8DecodeStrict, utf8Encode } from '../../../go/unicode/utf8';
export { decodeYaml, sortKeysV3, writeYamlV3, YamlV3Float, type YamlV3Value } from '../../../go/yaml';
export { isPrint } from '../../../go/unicode/unicode';
export { parseFloat as parseGoFloat, parseInt as parseGoInt } from '../../../go/strconv';
export { sha256Hex } from '../../../template/sprig/crypto';
export {
  executeTemplate,
  parseTemplate,
  renderTemplate,
  seedFromString,
  SeededRandom,
  sprigFunctions,
  TemplateError,
  type ParsedTemplate,
  type TemplateFunction,
} from '../../../template';
export { lookupInOutputs, type OutputLookup } from '../../../provisioners/lookup';
export { provisionerMatches } from '../../../provisioners/match';
export { resourceUid, uidParts } from '../../../provisioners/uid';
export {
  goStructMap,
  resourceTemplateData,
  templateFailure,
  zeroService,
} from '../../../provisioners/template-provisioner';
export type { ResourceProvisionInput, WorkloadService, WorkloadServicePort } from '../../../provisioners/types';
export { buildResolver, substituteString, substituteValue, type Resolver } from '../../compose/substitution';
export { decodeWorkloads, type LoadedWorkload, type WorkloadSource } from '../../compose/load';
export { patchMap, primeResources, sortResources, type ResourceRecord } from '../../compose/provision';
export { isRecord, toRecord } from '../../../workload/values';
export {
  toWorkload,
  upgradeWorkload,
  type ScoreContainer,
  type ScoreFile,
  type ScoreProbe,
  type ScoreVolume,
  type ScoreWorkload,
} from '../../compose/workload';
export { validateSchema } from '../../../validate/schema';
export { parseWorkloadText, type ParsedDocument } from '../../../document/parse';
export { rangeOf } from '../../../document/source-map';
export { escapeSegment, toPointer } from '../../../document/pointer';
export { parseReference } from '../../../workload/placeholder-syntax';
export type { TextRange } from '../../../diagnostics';
