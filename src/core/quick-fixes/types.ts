import type { Catalog } from '../catalog/types';
import type { CommandName } from '../commands/registry';
import type { Edit } from '../document/edits';
import type { Diagnostic, DiagnosticCode, TextRange } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import type { ValidationReport } from '../validate';

/**
 * The families of quick fixes. A family is what "fix all of this kind" names: every diagnostic whose
 * fix is of the family is fixed by one command.
 */
export type FixKind =
  | 'memory-unit'
  | 'cpu-unit'
  | 'quote-value'
  | 'unquote-number'
  | 'enum-case'
  | 'enum-guess'
  | 'api-version'
  | 'port-from-target'
  | 'file-mode'
  | 'resource-id'
  | 'rename-unknown-field'
  | 'remove-unknown-field'
  | 'remove-deprecated-target'
  | 'map-form'
  | 'valid-name'
  | 'healthy-to-started'
  | 'remove-self-start-order'
  | 'rename-start-order'
  | 'remove-start-order'
  | 'break-cycle'
  | 'lower-request'
  | 'raise-limit'
  | 'declare-resource'
  | 'rename-placeholder-resource'
  | 'placeholder-root'
  | 'placeholder-metadata-key'
  | 'placeholder-output'
  | 'escape-unterminated'
  | 'catalog-type'
  | 'rename-param'
  | 'remove-param';

/**
 * A quick fix, as the YAML pane's code actions, the Problems panel's lightbulb and the command
 * palette offer it: a named core command with its arguments (one undo step, every byte outside the
 * fixed node kept), in words the user can choose from.
 */
export interface QuickFix {
  /** What it does, in the user's words: 'Write "512Mi" instead of "512mb"'. */
  title: string;
  kind: FixKind;
  /** The diagnostic code it answers. */
  code: DiagnosticCode;
  /** The problems it removes: its diagnostic, or for "fix all" every one of the family. */
  problems: Diagnostic[];
  /** A command of the registry, run as `runCommand(command, text, args)` (and by the automation API). */
  command: CommandName;
  args: Record<string, unknown>;
  /** The likeliest fix of its diagnostic (Monaco's isPreferred; Ctrl+. then Enter applies it). */
  preferred: boolean;
  /** Whether "fix all of this kind" is safe for this family (fixAllFor). */
  fixAll: boolean;
  /** What it changes, when asked for (the default). */
  preview?: FixPreview;
}

/** The lines a fix changes, before and after, and the edits it makes. */
export interface FixPreview {
  /** The changed lines in the text as it is (1-based, end exclusive as Monaco counts). */
  range: TextRange;
  /** Those lines now. */
  before: string;
  /** The lines that take their place. */
  after: string;
  edits: Edit[];
  /** The whole text after the fix. */
  text: string;
}

export interface FixOptions {
  /** The active catalog: names the types a missing resource may be declared as, and the catalog layer's fixes. */
  catalog?: Catalog;
  /**
   * Run each fix to preview it, and keep only those that remove their problem and add no error.
   * Default true; the property tests turn it off to hold the planners to that on their own.
   */
  verify?: boolean;
}

/** What the fixes read: the checked text and its problems (a ValidationReport is one). */
export type CheckedText = Pick<ValidationReport, 'parsed' | 'diagnostics'>;

/** What a planner reads: the document, the diagnostic's place, and names already promised to other fixes. */
export interface FixContext {
  parsed: ParsedDocument;
  /** The workload as plain data (may have any shape). */
  workload: Record<string, unknown>;
  diagnostic: Diagnostic;
  /** The diagnostic's pointer, split. */
  segments: string[];
  catalog: Catalog;
  /** Names other fixes of the same run will give (fix all), as pointers: a new name must differ from them. */
  taken: Set<string>;
}

/** A fix before it is previewed. */
export type PlannedFix = Omit<QuickFix, 'preview' | 'code' | 'preferred' | 'problems'>;

export type Planner = (ctx: FixContext) => PlannedFix[];
