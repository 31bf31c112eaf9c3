/**
 * gopkg.in/yaml.v3 as score-compose uses it. writeYamlV3 prints data byte for byte as the v3.0.1
 * encoder does after `SetIndent(2)`, which is what score-compose's `compose.WriteYAML` uses; with it,
 * our Docker Compose export matches score-compose's output byte for byte. decodeYaml reads a
 * rendered provisioner template as its decoder does (decode.ts).
 *
 * The writer follows three parts of yaml.v3, rewritten here rather than copied:
 * - encode.go (encode.ts, style.ts): which style each Go value asks for. A string is plain unless it
 *   would read back as another type (then it is double-quoted); with a newline it asks for literal style.
 * - resolve.go (resolve.ts): which plain strings would read back as null, bool, int, float or timestamp.
 * - emitterc.go, the libyaml emitter port (emitter.ts, style.ts, chars.ts): the column and indentation
 *   bookkeeping, simple keys versus `? ` keys, when a style falls back to single or double quotes, and
 *   how each style is written.
 * Go map keys are ordered as sorter.go orders them (sorter.ts).
 *
 * yaml.v3 v3.0.1 never folds long lines. Its emitter starts with best_width = -1, which it treats as
 * "unlimited", and the Encoder has no SetWidth. The folding code is still here, behind `width`.
 */
import { bestWidth, Emitter } from './emitter';
import { analyzeScalar, selectStyle, stringScalar } from './style';
import type { YamlV3Options, YamlV3Value } from './values';

export { YamlV3Float, YamlV3Int, YamlV3Raw, type YamlV3Object, type YamlV3Options, type YamlV3Value } from './values';
export { sortKeysV3 } from './sorter';
export { decodeYaml, type Decoded } from './decode';
export { cannotUnmarshalIntoMap, decodeYamlMap } from './unmarshal';

/** The whole document, ending with a line break, as `yaml.NewEncoder(w).SetIndent(2).Encode(v)` writes it. */
export function writeYamlV3(value: YamlV3Value, options: YamlV3Options = {}): string {
  return new Emitter(bestWidth(options.width)).document(value);
}

/** The style yaml.v3 gives a string written as a block mapping value or sequence item. */
export function quoteStyleV3(s: string): 'plain' | 'single' | 'double' | 'literal' {
  const request = stringScalar(s);
  return selectStyle(request.style, analyzeScalar(request.chars), false);
}
