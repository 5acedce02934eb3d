/**
 * The `pattern_fp` column (bit(2048)): RDKit's pattern fingerprint of the record's structure, written as bit-string
 * text ('x' and hex, byte by byte as RDKit gives them; the query's pattern is written the same way, so a record can
 * contain the query only where `pattern_fp & query = query`).
 */
import { PATTERN_BYTES } from '../../search/structure/substructure-protocol';

export function patternText(pattern: Uint8Array): string {
  if (pattern.length !== PATTERN_BYTES) throw new Error(`a pattern fingerprint of ${pattern.length} bytes, not ${PATTERN_BYTES}`);
  return `x${Buffer.from(pattern.buffer, pattern.byteOffset, pattern.byteLength).toString('hex')}`;
}
