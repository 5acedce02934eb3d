/** Public surface of the Compound DB client. */
export { CompoundDbClient } from './client';
export type { CallOptions, DatasourceOrderInput, ElementFilterInput, IntrinsicPropertyInput } from './current-api';
export type { MolInfoListOptions } from './older-api';
export type { ClientOptions, RequestLogEntry } from './options';
export type { OrderInput } from './inputs';
export { Compound, type CompoundMasses, type CompoundSource } from './compound';
export { Spectrum, type SpectrumSource } from './spectrum';
export { Results, type SearchInterface } from './results';
export type { SearchOptions, SearchProgress } from './search';
export { classifyQuery, type QueryKind } from '../wire';
export { parseSmilesSyntax, looksLikeSmiles, isPlainWord, type SmilesSyntaxResult } from '../wire';
export { MemoryCompoundCache, type CompoundCache, type CompoundCacheEntries, type CompoundCacheKind } from './cache';
export { parseRetryAfter } from './transport';
export { REDACTED, makeRedactor, type Redact } from './redact';
export { CLIENT_VERSION, defaultUserAgent } from './version';
export * from './errors';
export { pollQuery, type PollOptions, type QueryState } from './poll';
export * from './resolve';
