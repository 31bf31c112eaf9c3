import { parseAllDocuments, type Document } from 'yaml';
import type { Severity, TextRange } from '../diagnostics';
import { LineIndex } from '../document/lines';
import {
  duplicateKeys,
  findBinary,
  MAX_ALIAS_COUNT,
  MAX_TEXT_LENGTH,
  measureDepth,
  READ_OPTIONS,
} from '../document/parse';
import { locate } from '../document/source-map';

/**
 * Reading a file of Kubernetes objects (`---`-separated YAML documents: policies, bindings, their
 * params, an OrchestratorConfig's ConfigMap) with the places of what is in it, so that a problem in
 * the file is reported at its line. Guarded as the workload's own reading is: size, binary bytes,
 * alias bombs and deep nesting are refused in words, never thrown.
 */
export interface ManifestFile {
  file: string;
  lines: LineIndex;
  documents: ManifestDocument[];
  problems: FileProblem[];
}

export interface ManifestDocument {
  /** 0-based position among the file's documents. */
  index: number;
  doc: Document.Parsed;
  /** The document as plain data; undefined when it has syntax errors. */
  value: unknown;
}

/** A problem in a configuration or policy file (not in the workload), at its place in that file. */
export interface FileProblem {
  severity: Severity;
  message: string;
  file: string;
  /** JSON Pointer inside the document concerned ('' for the file as a whole). */
  path: string;
  range: TextRange;
}

const START: TextRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function readManifests(text: string, file: string): ManifestFile {
  const lines = new LineIndex(text);
  const problems: FileProblem[] = [];
  const result: ManifestFile = { file, lines, documents: [], problems };
  const fail = (message: string, start = 0, end = start) => {
    problems.push({ severity: 'error', message, file, path: '', range: lines.range(start, end) });
    return result;
  };
  if (text.length > MAX_TEXT_LENGTH) return fail(`The file is over ${MAX_TEXT_LENGTH / 1048576} MB; it was not read.`);
  const binary = findBinary(text);
  if (binary >= 0) return fail('This is not a text file: it holds binary data here.', binary, binary + 1);

  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, READ_OPTIONS) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [];
  } catch (error) {
    return fail(`The file could not be read as YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  docs.forEach((doc, index) => {
    const errors = [...doc.errors, ...duplicateKeys(doc.contents)];
    for (const e of errors.slice(0, 20)) {
      fail(e.code === 'DUPLICATE_KEY' ? 'A key is given twice in this mapping.' : firstLine(e.message), ...e.pos);
    }
    if (errors.length > 0) return;
    if (doc.contents === null) return; // an empty document between separators
    const depth = measureDepth(doc.contents);
    if (depth.tooDeep) {
      fail('The document nests too deeply to read; flatten it.', depth.at, depth.at + 1);
      return;
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      fail(
        /alias/i.test(message)
          ? 'The anchors and aliases here expand to too much data; replace them with plain values.'
          : `The document could not be turned into data: ${message}`,
        doc.range[0],
      );
      return;
    }
    result.documents.push({ index, doc, value });
  });
  return result;
}

/** The range of what a pointer names in one document of the file (its nearest existing ancestor). */
export function placeInManifest(file: ManifestFile, document: ManifestDocument, pointer: string): TextRange {
  const at = locate(document.doc, pointer);
  const range = at.node?.range ?? at.key?.range ?? document.doc.contents?.range;
  if (!range) return START;
  const key = at.key?.range;
  // A missing field points at the key of the mapping that lacks it, as schema errors do.
  if (!at.exact && key) return file.lines.range(key[0], key[1]);
  return file.lines.range(range[0], range[1]);
}

export function fileProblem(
  file: ManifestFile,
  document: ManifestDocument,
  severity: Severity,
  pointer: string,
  message: string,
): FileProblem {
  return { severity, message, file: file.file, path: pointer, range: placeInManifest(file, document, pointer) };
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.charAt(0).toUpperCase() + line.slice(1);
}
