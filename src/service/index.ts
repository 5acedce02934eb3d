/** The local service's public surface: start it in-process, its options and what it returns. */
export { startService } from './start-service';
export type { ServiceOptions, RunningService } from './options';
export type { SkippedDataFile } from './collection/data-files';
export { DEFAULT_HOST, DEFAULT_PORT } from './options';
export { DEV_API_KEY, DEV_TOKEN, type KeysConfig, type TokenRole } from './auth/keys';
export type { CompoundStore, MassKind } from './store/compound-store';
export { MemoryStore } from './store/memory-store';
