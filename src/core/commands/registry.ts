import { removeAnnotation, renameAnnotation, setAnnotation } from './annotations';
import { addContainer, removeContainer, renameContainer } from './containers';
import type { Command, CommandResult } from './command';
import { moveItem, renameField, setField, unsetField } from './fields';
import { useMapForm } from './mount-form';
import { addFile, addVolume, removeFile, removeVolume, renameFile, renameVolume } from './mounts';
import { pasteParts } from './paste';
import { mountResource } from './mount-resource';
import { removeProbe, renameProbe, setProbe } from './probes';
import {
  addResource,
  bindOutputToVariable,
  removeResource,
  removeResourceParam,
  renameResource,
  renameResourceParam,
  setResourceParam,
} from './resources';
import { removeResourceReferences, removeResourceWithReferences } from './resource-references';
import { removeServicePort, renameServicePort, setServicePort } from './service';
import { removeBefore, setBefore } from './start-order';
import { stepsCommand } from './steps';
import { removeVariable, renameVariable, setVariable } from './variables';

/**
 * Every named command, by the name the automation API and the command palette use.
 * Each takes the workload's text and its arguments, and returns the new text with the minimal edits,
 * or an error in plain words (and then never a changed text).
 */
export const commands = {
  addContainer,
  renameContainer,
  removeContainer,
  addResource,
  renameResource,
  removeResource,
  removeResourceReferences,
  removeResourceWithReferences,
  setField,
  unsetField,
  renameField,
  moveItem,
  setVariable,
  removeVariable,
  renameVariable,
  bindOutputToVariable,
  addFile,
  removeFile,
  renameFile,
  addVolume,
  removeVolume,
  renameVolume,
  mountResource,
  useMapForm,
  setServicePort,
  removeServicePort,
  renameServicePort,
  setProbe,
  removeProbe,
  renameProbe,
  setAnnotation,
  removeAnnotation,
  renameAnnotation,
  setResourceParam,
  removeResourceParam,
  renameResourceParam,
  setBefore,
  removeBefore,
  pasteParts,
  runSteps: stepsCommand((name, text, args) => runCommand(name, text, args)),
} as const;

export type CommandName = keyof typeof commands;

/** The argument type of a command, by name. */
export type CommandArgs<N extends CommandName> = (typeof commands)[N] extends Command<infer A> ? A : never;

/** A command and its arguments, typed by its name: what a plan hands to the store to run. */
export type CommandCall = { [N in CommandName]: { name: N; args: CommandArgs<N> } }[CommandName];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name);
}

/**
 * Runs a command by name, for the automation API: arguments arrive as untyped JSON and each command
 * checks them. An unknown name is refused.
 */
export function runCommand(name: string, text: string, args: unknown): CommandResult {
  if (!isCommandName(name)) {
    return {
      error: `There is no command named "${String(name)}". Known commands: ${Object.keys(commands).join(', ')}.`,
    };
  }
  const command = commands[name] as Command<unknown>;
  return command(text, args);
}
