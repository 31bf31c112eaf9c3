/**
 * The byte order a UTF-32 byte order mark says, or undefined when the bytes do not start with one.
 * Looked at before UTF-16's marks, as the little-endian one begins with UTF-16's (FF FE): a UTF-32
 * file must be called UTF-32, not UTF-16 (the CLI and the app's Open… both ask).
 */
export function utf32Mark(bytes: Uint8Array): 'little-endian' | 'big-endian' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return 'little-endian';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'big-endian';
  return undefined;
}
