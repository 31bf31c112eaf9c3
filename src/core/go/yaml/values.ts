/**
 * What the yaml.v3 writer takes: plain data, and wrappers for Go values that JavaScript numbers
 * cannot tell apart (an int, a float that holds a whole number, a value printed as given).
 */

/** A Go integer (int, int64, uint…): always printed in decimal, never as a float. */
export class YamlV3Int {
  constructor(readonly value: number) {}
}

/**
 * A Go float, printed with strconv.FormatFloat(v, 'g', -1, bits). Plain JS numbers that are whole are
 * printed as integers, so use this when a Go float field holds a whole number (2.0 → "2", 1e6 → "1e+06").
 */
export class YamlV3Float {
  constructor(
    readonly value: number,
    readonly bits: 32 | 64 = 64,
  ) {}
}

/** Text that yaml.v3 would get from a non-string Go value (it asks for plain style, as for numbers). */
export class YamlV3Raw {
  constructor(readonly text: string) {}
}

/** A plain object used as a mapping, in its own key order. Keys whose value is `undefined` are left out. */
export interface YamlV3Object {
  readonly [key: string]: YamlV3Value | undefined;
}

/** An ordered mapping: the converter decides key order (struct field order, or sortKeysV3 for Go maps). */
export type YamlV3Value =
  | string
  | number
  | boolean
  | null
  | readonly YamlV3Value[]
  | ReadonlyMap<string, YamlV3Value>
  | YamlV3Object
  | YamlV3Int
  | YamlV3Float
  | YamlV3Raw;

export interface YamlV3Options {
  /** The emitter's best_width. Leave it unset for yaml.v3's default: no folding at all. */
  width?: number;
}
