import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';

/**
 * The Compose Specification's JSON Schema, read from the reference corpus beside the checkout
 * (`../shared/reference`) at test time, compiled once. Absent corpus: `validate` is undefined and
 * the tests that need it say so and skip.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const referenceDir = path.resolve(repoRoot, '../shared/reference');
export const composeSchemaFile = path.join(referenceDir, 'compose-spec/compose-spec.schema.json');

export interface ComposeSchema {
  validate: (value: unknown) => boolean;
  /** The last failure in words. */
  errors: () => string;
}

let compiled: ComposeSchema | undefined;

export function composeSchema(): ComposeSchema | undefined {
  if (!existsSync(composeSchemaFile)) return undefined;
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  // The schema names draft-07 by an https address Ajv does not know by that spelling; the content is draft-07.
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(composeSchemaFile, 'utf8')) as Record<string, unknown>;
  const validate = ajv.compile(schema);
  compiled = { validate: (value) => validate(value) as boolean, errors: () => ajv.errorsText(validate.errors) };
  return compiled;
}
