import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Node } from 'yaml';
import { TEMPLATE_KEYS } from '../provisioners/template-file';
import { parseTemplate, SeededRandom, sprigFunctions, TemplateError } from '../template';

/**
 * A provisioners file checked as it is loaded into the catalog, so that a broken one is refused with
 * the line of its error instead of being listed and failing only when a workload is exported: the
 * YAML reads, every entry has its `uri` and `type`, and every template parses (with the functions
 * score-compose gives templates, so an unknown function is caught too). score-compose itself parses a
 * template only when a resource needs it; the command line's compose export does the same, so this
 * check is the catalog's, not the loader's.
 */
export function checkProvisionerFile(text: string, file: string): string | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, lineCounter: lines });
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const at = (offset: number, message: string) => `${file}, line ${lineOf(offset)}: ${message}`;
  const first = doc.errors[0];
  // yaml's message names the line and column itself, then quotes the text: the line is said once, first.
  if (first) return at(first.pos[0], first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
  const list = doc.contents;
  if (!isSeq(list)) return undefined; // an empty file, or the loader's own error (not a list)
  for (const [i, item] of list.items.entries()) {
    if (!isMap(item)) continue; // the loader says "expected a mapping"
    const start = (item as Node).range?.[0] ?? 0;
    const field = (key: string) => {
      const pair = item.items.find((p) => isScalar(p.key) && p.key.value === key);
      return pair && isScalar(pair.value) ? pair.value : undefined;
    };
    for (const key of ['uri', 'type'] as const) {
      const value = field(key)?.value;
      if (typeof value !== 'string' || value === '') {
        return at(
          start,
          `provisioner ${i} has no ${key}: every provisioner needs a uri (such as template://my-org/postgres) and the resource type it provisions.`,
        );
      }
    }
    if (!String(field('uri')!.value).startsWith('template://')) continue;
    for (const key of TEMPLATE_KEYS) {
      const template = field(key);
      if (!template || typeof template.value !== 'string') continue;
      const problem = templateProblem(template.value);
      if (problem) {
        // The template's first line in the file: a block scalar's text starts on the line after its indicator.
        const block = template.type === Scalar.BLOCK_LITERAL || template.type === Scalar.BLOCK_FOLDED;
        const line = lineOf(template.range?.[0] ?? start) + (block ? 1 : 0) + problem.line - 1;
        return `${file}, line ${line}: the ${key} template of provisioner ${i} (${String(field('uri')!.value)}) does not parse: ${problem.message}`;
      }
    }
  }
  return undefined;
}

/** The functions templates may call: score-compose's (Go's built-ins and sprig's). */
const FUNCTIONS = Object.keys(sprigFunctions(new SeededRandom(0)));

/** Where a template fails to parse (its line, counted as in the file's text) and why, or undefined. */
function templateProblem(source: string): { line: number; message: string } | undefined {
  // The provisioner trims a template before it parses it: lines are counted from the untrimmed text.
  const leading = /^\s*/.exec(source)![0].split('\n').length - 1;
  try {
    parseTemplate('', source.trim(), { functions: FUNCTIONS });
    return undefined;
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return { line: (error.line ?? 1) + leading, message: error.message };
  }
}
