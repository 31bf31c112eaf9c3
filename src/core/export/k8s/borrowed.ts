/**
 * What the Kubernetes export borrows from the rest of the core, in one place: Go's behaviours
 * (string order, JSON, paths, strconv, the yaml.v3 writer), the Score workload as score-go maps it,
 * placeholder substitution, resource priming and sorting, provisioner matching and the template
 * engine. When these move (to core/go and core/workload) only this file is re-pointed.
 */
export { compareGoStrings, goJson, sortGoStrings } from '../compose/go-format';
export { basePath, dirPath, isAbsPath, joinPath } from '../compose/go-path';
export { base64Decode, utf8DecodeStrict, utf8Encode } from '../compose/bytes';
export { sortKeysV3, writeYamlV3, YamlV3Float, type YamlV3Value } from '../yaml-v3';
export { isPrint, parseGoFloat, parseGoInteger } from '../../template/strconv';
export { sha256Hex } from '../../template/encoding';
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
} from '../../template';
export { decodeYaml } from '../../provisioners/yaml-decode';
export { lookupInOutputs, type OutputLookup } from '../../provisioners/lookup';
export { provisionerMatches } from '../../provisioners/match';
export { resourceUid, uidParts } from '../../provisioners/uid';
export { goStructMap, zeroService } from '../../provisioners/template-provisioner';
export type { WorkloadService, WorkloadServicePort } from '../../provisioners/types';
export { buildResolver, substituteString, substituteValue, type Resolver } from '../compose/substitution';
export { decodeWorkloads, type LoadedWorkload, type WorkloadSource } from '../compose/load';
export { patchMap, primeResources, sortResources, type ResourceRecord } from '../compose/provision';
export {
  isRecord,
  toRecord,
  toWorkload,
  upgradeWorkload,
  type ScoreContainer,
  type ScoreFile,
  type ScoreProbe,
  type ScoreVolume,
  type ScoreWorkload,
} from '../compose/workload';
export { validateSchema } from '../../validate/schema';
export { parseWorkloadText, type ParsedDocument } from '../../document/parse';
export { rangeOf } from '../../document/source-map';
export { escapeSegment, toPointer } from '../../document/pointer';
export { parseReference } from '../../document/placeholders';
export type { TextRange } from '../../diagnostics';
