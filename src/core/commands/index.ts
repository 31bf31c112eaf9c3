/**
 * The named edit commands of a workload: pure functions `(text, args) → result` that the graph, the
 * form, the keyboard and the automation API all run (DESIGN §3, §4).
 *
 * What every command guarantees:
 * - Only the bytes of the edited node change. Edits are text splices computed from the yaml AST and
 *   its syntax tokens, never a re-stringified document; comments, blank lines, key order, quoting and
 *   anchors elsewhere stay byte-identical. `edits` lists the splices, for Monaco's `executeEdits`.
 * - New nodes follow the document: its indentation width, indented or indentless lists, block or
 *   flow (flow inside flow collections and among flow-style neighbours, JSON in a JSON document, on
 *   one line if the document is), CRLF or LF, and the quoting of the neighbouring strings.
 * - A replaced scalar keeps its quoting when the new value allows it; a list or map written in flow
 *   style stays in flow style.
 * - Clearing a field removes its key (never `key: ""`), and the parents it leaves empty, up to a
 *   container, resource, service port, file or volume, or the required roots (see `keepWhenEmpty`).
 * - A refused command returns `{ error }` in plain words and no text: unreadable documents, invalid
 *   or taken names, edits through an alias or of an anchored value other places use.
 * - The result always reads: a command whose result would not parse is refused instead.
 */
export { applyEdits, checkEdits, type Edit } from '../document/edits';
export { isRefusal, type Command, type CommandRefusal, type CommandResult, type CommandSuccess } from './command';
export { commands, isCommandName, runCommand, type CommandArgs, type CommandCall, type CommandName } from './registry';
export type { JsonValue, MoveItemArgs, SetFieldArgs, UnsetFieldArgs } from './fields';
export type { AddContainerArgs, RemoveContainerArgs, RenameContainerArgs } from './containers';
export type {
  AddResourceArgs,
  BindOutputToVariableArgs,
  RemoveResourceArgs,
  RemoveResourceParamArgs,
  RenameResourceArgs,
  RenameResourceParamArgs,
  SetResourceParamArgs,
} from './resources';
export type { RemoveVariableArgs, RenameVariableArgs, SetVariableArgs } from './variables';
export type { AddFileArgs, AddVolumeArgs, MountArgs, RetargetArgs } from './mounts';
export type { MountResourceArgs } from './mount-resource';
export type { PastePartsArgs } from './paste';
export {
  removalOrder,
  resourceReferences,
  type RemoveResourceReferencesArgs,
  type RemoveResourceWithReferencesArgs,
  type ResourceReference,
} from './resource-references';
export type { UseMapFormArgs } from './mount-form';
export { composeEdits } from './sequence';
export { MAX_STEPS, type RunStepsArgs, type Step } from './steps';
export type { RemoveServicePortArgs, RenameServicePortArgs, SetServicePortArgs } from './service';
export type { ProbeSpec, RemoveProbeArgs, RenameProbeArgs, SetProbeArgs } from './probes';
export type { RemoveAnnotationArgs, RenameAnnotationArgs, SetAnnotationArgs } from './annotations';
export type { Readiness, RemoveBeforeArgs, SetBeforeArgs } from './start-order';
export { keepWhenEmpty } from './workload';
