/** The bulk resolver: identifiers of every kind in, one row per input out (see bulk-resolver.ts). */
export { resolveIdentifiers, type BulkResolveOptions, type ResolveProgress, type ResolveRow, type ResolveStatus } from './bulk-resolver';
export { RequestGate, type GateOptions } from './request-gate';
export { MemoryResolveCache, cacheScope, type ResolveCache, type ResolvedRecord } from './resolve-cache';
export { DiskResolveCache } from './disk-cache';
export { parseIdentifier } from './identifier';
export { backendFor } from './backends';
export { parseCsv, csvLine } from './csv';
export {
  RESOLVE_COLUMNS,
  RESOLVE_HEADER,
  InputFileError,
  inputFormatOf,
  readIdentifiers,
  resolveCsv,
  resolveCsvLine,
  resolveSdf,
  rowValues,
  type InputFormat,
} from './resolve-io';
export { didYouMean, molBlocks, recordDetailsOf, resolvedRecords } from './records';
