/** Public surface of the Compound DB client. */
export { CompoundDbClient } from './client';
export type {
  CallOptions,
  DatasourceOrderInput,
  ElementFilterInput,
  IntrinsicPropertyInput,
  ScoredResults,
  SimilarityInput,
  SpectrumSearchInput,
  SubstructureInput,
} from './current-api';
export type { MolInfoListOptions } from './older-api';
export type { ClientOptions, RequestLogEntry, ServerAddresses } from './options';
export type { OrderInput } from './inputs';
export { Compound, type CompoundMasses, type CompoundSource } from './compound';
export { Spectrum, type SpectrumSource } from './spectrum';
export { Results, type SearchInterface } from './results';
export type { SearchOptions, SearchProgress } from './search';
export { Query, type QueryOptions, type QueryProgress, type QueryRunOptions } from './query';
export type { ResultGroup, ResultPage } from './query-plans';
export { isBatchKind, type IntrinsicInputs, type SearchKind, type SearchSpec } from './search-spec';
export { QueryTimes, type QueryTimesJson } from './query-times';
export { classifyQuery, type QueryKind } from '../wire';
export { parseSmilesSyntax, looksLikeSmiles, isPlainWord, type SmilesSyntaxResult } from '../chemistry/smiles-syntax';
export { MemoryCompoundCache, type CompoundCache, type CompoundCacheEntries, type CompoundCacheKind } from './cache';
export { parseRetryAfter } from './transport';
export { REDACTED, makeRedactor, type Redact } from './redact';
export { CLIENT_VERSION, defaultUserAgent } from './version';
export * from './errors';
export * from './resolve';
export * from './peaks';
export { SpectrumIdentifier, spectrumRequest, type IdentifyHit, type IdentifyOptions } from './identify';
