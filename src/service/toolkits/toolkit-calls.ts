/**
 * The toolkit calls that depend on a request's input (reading a query, highlighting, converting, InChIKeys of a
 * user's structure, a similarity query's fingerprint), as a toolkit worker runs them on its own Chemistry: RDKit
 * or Indigo may take unbounded time on a hostile input, and only a worker can be stopped (bounded-toolkit.ts).
 */
import type { Chemistry, StructureFacts, SubstructureQuery, WarmUp } from './types';

export type QueryFormat = SubstructureQuery['format'];

export const toolkitCalls = {
  /** The query read in `format` (`auto`: SMILES when it reads as SMILES, else SMARTS); undefined when it does not parse. */
  readQuery: (chemistry: Chemistry, text: string, format: QueryFormat | 'auto'): SubstructureQuery | undefined =>
    format !== 'auto'
      ? chemistry.structures.parseQuery(text, format)
      : (chemistry.structures.parseQuery(text, 'SMILES') ?? chemistry.structures.parseQuery(text, 'SMARTS')),
  depictPngHighlighted: (chemistry: Chemistry, structure: string, query: SubstructureQuery, size: number): Uint8Array | undefined =>
    chemistry.depictPngHighlighted(structure, query, size),
  describe: (chemistry: Chemistry, structure: string): StructureFacts | undefined => chemistry.describe(structure),
  inchiKeyOf: (chemistry: Chemistry, structure: string): string | undefined => chemistry.inchiKeyOf(structure),
  molFromInchi: (chemistry: Chemistry, inchi: string): Promise<string | undefined> => chemistry.molFromInchiAsync(inchi),
  inchiKeyOfInchi: (chemistry: Chemistry, inchi: string): Promise<string | undefined> => chemistry.inchiKeyOfInchi(inchi),
  /** The keys of a structure's identity levels (InChIKey, parent's, canonical tautomer's): RDKit's standardiser. */
  identityOf: (chemistry: Chemistry, structure: string): ReturnType<Chemistry['identityOf']> => chemistry.identityOf(structure),
  morgan: (chemistry: Chemistry, smiles: string): Uint16Array | undefined => chemistry.structures.morgan(smiles),
};

export type ToolkitCall = keyof typeof toolkitCalls;

/** Calls that read InChI: the worker loads Indigo (once, seconds on a busy machine) before their deadline starts. */
export const INDIGO_CALLS: ReadonlySet<ToolkitCall> = new Set(['molFromInchi', 'inchiKeyOfInchi']);
type Tail<T> = T extends (chemistry: Chemistry, ...rest: infer R) => unknown ? R : never;
export type CallArgs<C extends ToolkitCall> = Tail<(typeof toolkitCalls)[C]>;
export type CallResult<C extends ToolkitCall> = Awaited<ReturnType<(typeof toolkitCalls)[C]>>;

export type ToToolkitWorker = { id: number; call: ToolkitCall; args: unknown[] };
/** What a toolkit worker is started with. */
export type ToolkitWorkerData = { wasmDir?: string; warmUp?: WarmUp; rdkitModule?: WebAssembly.Module };
export type FromToolkitWorker =
  | { type: 'ready' }
  /** The call begins now (its toolkit loaded): its deadline counts from here. */
  | { type: 'started'; id: number }
  /** `retiring`: the worker exits now (an input broke one of its toolkit instances); the pool replaces it. */
  | { type: 'done'; id: number; result: unknown; retiring?: boolean }
  | { type: 'failed'; id: number; message: string };
