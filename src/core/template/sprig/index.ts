/**
 * Masterminds/sprig v3 functions (the set score-compose gives its provisioner templates), with
 * sprig's argument orders, Go parameter types and edge behaviour: `default` treats empty values
 * as unset, `dig` takes keys then default then map, `merge` is deep and the left-most map wins,
 * `toJson` sorts keys and escapes <>&, `get` gives "" for a missing key, `atoi` gives 0 on bad input.
 * Random functions draw from a SeededRandom so that an export is reproducible.
 *
 * Not provided (there is no sensible browser equivalent or they depend on the clock or the host):
 * date functions and now, env/expandenv, getHostByName, crypto (bcrypt, htpasswd, genCA, …,
 * encryptAES), semver, urlParse/urlJoin, snakecase/camelcase/kebabcase, randSeededNumeric.
 * sprig has no toYaml: in score-compose a template using it fails with `function "toYaml" not defined`.
 */
import { base64Encode } from '../../go/encoding/base64';
import { basePath, cleanPath, dirPath, extPath, isAbsPath } from '../../go/path';
import { deepEqual, kindName, typeName } from '../../go/value';
import { withinBudget } from '../exec/budget';
import { spec, type TemplateFunction } from '../exec/functions';
import { defaultFunctions } from './defaults';
import { dictFunctions } from './dicts';
import { encodingFunctions } from './encoding';
import { listFunctions } from './lists';
import { mathFunctions } from './math';
import type { SeededRandom } from './random';
import { regexFunctions } from './regex';
import { stringFunctions } from './strings';

/** sprig uuidv4: 16 random bytes with the version and variant bits set. */
function uuidv4(random: SeededRandom): string {
  const b = Array.from({ length: 16 }, () => random.nextInt(256));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** sprig randBytes: count random bytes, base64-encoded. */
function randBytes(random: SeededRandom, count: number): string {
  withinBudget(Math.ceil(count / 3) * 4, 'characters');
  return base64Encode(Array.from({ length: Math.max(count, 0) }, () => random.nextInt(256)));
}

/** sprig's path functions are Go's path package (the os… forms too: paths here are always slash-separated). */
const pathFunctions: Record<string, TemplateFunction> = {};
for (const [name, fn] of Object.entries({
  base: basePath,
  dir: dirPath,
  clean: cleanPath,
  ext: extPath,
  isAbs: isAbsPath,
})) {
  pathFunctions[name] = spec(['string'], fn);
  pathFunctions['os' + name[0]!.toUpperCase() + name.slice(1)] = spec(['string'], fn);
}

const reflectionFunctions: Record<string, TemplateFunction> = {
  typeOf: spec(['any'], (v: unknown) => typeName(v)),
  typeIs: spec(['string', 'any'], (t: string, v: unknown) => t === typeName(v)),
  typeIsLike: spec(['string', 'any'], (t: string, v: unknown) => t === typeName(v) || '*' + t === typeName(v)),
  kindOf: spec(['any'], (v: unknown) => kindName(v)),
  kindIs: spec(['string', 'any'], (k: string, v: unknown) => k === kindName(v)),
  deepEqual: spec(['any', 'any'], deepEqual),
};

/** The sprig function map, with its random functions drawing from `random`. */
export function sprigFunctions(random: SeededRandom): Record<string, TemplateFunction> {
  return {
    hello: spec([], () => 'Hello!'),
    ...stringFunctions(random),
    ...mathFunctions(random),
    ...defaultFunctions,
    ...encodingFunctions,
    ...listFunctions,
    ...dictFunctions,
    ...reflectionFunctions,
    ...pathFunctions,
    ...regexFunctions,
    uuidv4: spec([], () => uuidv4(random)),
    randBytes: spec(['int'], (n: number) => randBytes(random, n)),
    fail: spec(['string'], (msg: string) => {
      throw new Error(msg);
    }),
  };
}
