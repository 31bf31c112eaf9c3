/**
 * sprig's encodings: base64 and base32 of a string's UTF-8 bytes (a decoding error comes back as
 * text, as sprig returns err.Error()), JSON with Go's encoding/json, and the hashes.
 */
import { base32Decode, base32Encode } from '../../go/encoding/base32';
import { base64Decode, base64Encode } from '../../go/encoding/base64';
import { marshal } from '../../go/encoding/json';
import { utf8Decode, utf8Encode } from '../../go/unicode/utf8';
import { spec, type TemplateFunction } from '../exec/functions';
import { adler32, sha1Hex, sha256Hex } from './crypto';

/** A decoded text, or the decoder's error as text. */
function decodedText(decoded: { bytes: Uint8Array } | { error: string }): string {
  return 'error' in decoded ? decoded.error : utf8Decode(decoded.bytes);
}

function fromJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

/** toJson and its kin: the must… form throws Go's error, the plain form gives "" (or nil) instead. */
function json(escapeHTML: boolean, indent = '') {
  return spec(['any'], (v: unknown) => marshal(v, { escapeHTML, indent }));
}

function orEmpty(f: ReturnType<typeof json>, empty: unknown) {
  return spec(f.params, (v: never) => {
    try {
      return f.fn(v);
    } catch {
      return empty;
    }
  });
}

const toJson = json(true);
const toPrettyJson = json(true, '  ');
const toRawJson = json(false);
const mustFromJson = spec(['string'], fromJson);

export const encodingFunctions: Record<string, TemplateFunction> = {
  b64enc: spec(['string'], (s: string) => base64Encode(utf8Encode(s))),
  b64dec: spec(['string'], (s: string) => decodedText(base64Decode(s))),
  b32enc: spec(['string'], (s: string) => base32Encode(utf8Encode(s))),
  b32dec: spec(['string'], (s: string) => decodedText(base32Decode(s))),
  fromJson: orEmpty(mustFromJson, null),
  mustFromJson,
  toJson: orEmpty(toJson, ''),
  mustToJson: toJson,
  toPrettyJson: orEmpty(toPrettyJson, ''),
  mustToPrettyJson: toPrettyJson,
  // sprig's toRawJson panics on an error; its must… form returns it: both fail the template here.
  toRawJson,
  mustToRawJson: toRawJson,
  sha1sum: spec(['string'], sha1Hex),
  sha256sum: spec(['string'], sha256Hex),
  adler32sum: spec(['string'], (s: string) => String(adler32(s))),
};
