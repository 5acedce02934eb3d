/** The wire contract (shared/wire-contract.md) as code: shared by the client and the local service. */
export * from './fields';
export * from './sort';
export * from './status';
export * from './formats';
export * from './limits';
export * from './errors';
export * from './current';
export * from './legacy';
export * from './validate';
export * from './structure-size';
export * from './query-kind';
export * from './sdf';
export * from './local-service';
export * from './structure-search';
export * from './query-shape';
export * from './spectrum-search';
export * from './identity';

export * from './spectrum-score';
export * from './documented-limits';
