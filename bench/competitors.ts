import { readFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import { getLanguageService } from 'yaml-language-server/out/src/languageservice/yamlLanguageService.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { validateText } from '../src/core/validate/index';
import compiledValidator from '../src/core/validate/generated/score-v1b1.validate';

/**
 * The three things timed side by side. Each answers "how many problems are in this text?", which the
 * bench uses to check that each really validates (zero on valid inputs, some on an invalid one):
 * a validator that checks nothing would be fast and prove nothing.
 */
export interface Competitor {
  name: CompetitorName;
  /** What one call does, for the report. */
  does: string;
  /** Number of problems found. Synchronous ones are timed without an await around them. */
  check(text: string): number | Promise<number>;
}

export type CompetitorName = 'ours' | 'floor' | 'yaml-language-server';

export const ours: Competitor = {
  name: 'ours',
  does: 'validateText: parse with source map + JSON Schema + rules (placeholders, start order, …) + diagnostics with ranges',
  check: (text) => {
    const report = validateText(text);
    return report.errors + report.warnings;
  },
};

export const floor: Competitor = {
  name: 'floor',
  does: 'yaml parseDocument + toJS + one call of the compiled standalone schema validator (no ranges, no rules)',
  check: (text) => {
    const doc = parseDocument(text);
    if (doc.errors.length > 0) return doc.errors.length;
    const valid = compiledValidator(doc.toJS());
    return valid ? 0 : (compiledValidator.errors?.length ?? 1);
  },
};

/** yaml-language-server's own validation of the text against the same schema, as an editor would run it. */
export async function yamlLanguageServer(schemaPath: string): Promise<Competitor> {
  const schemaText = await readFile(schemaPath, 'utf8');
  const schemaUri = 'file:///bench/score-v1b1.json';
  const service = getLanguageService({
    // Only our schema is served: nothing may be fetched from the network.
    schemaRequestService: async (uri) => {
      if (uri === schemaUri) return schemaText;
      throw new Error(`The bench serves no schema at ${uri}.`);
    },
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  service.configure({
    validate: true,
    hover: false,
    completion: false,
    format: false,
    schemas: [{ uri: schemaUri, fileMatch: ['*'], schema: JSON.parse(schemaText) as unknown }],
  });
  // The service caches a parsed document by URI and version: a new version for every call makes
  // each call parse and validate afresh, as after an edit in the editor.
  let version = 0;
  return {
    name: 'yaml-language-server',
    does: 'yaml-language-server doValidation: its parse + JSON Schema validation against the same schema',
    check: async (text) => {
      const document = TextDocument.create('file:///bench/score.yaml', 'yaml', ++version, text);
      return (await service.doValidation(document, false)).length;
    },
  };
}
