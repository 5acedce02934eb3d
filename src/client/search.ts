/** The composite search of spec 3 as a Results container: a thin user of the query object. */
import { checkSearchQuery } from '../wire';
import { assertValid } from './inputs';
import type { Compound } from './compound';
import type { CallOptions } from './current-api';
import { CancelledError, CompoundDbError } from './errors';
import type { OrderInput } from './inputs';
import type { Query, QueryProgress, QueryRunOptions } from './query';
import { Results } from './results';

export type SearchProgress = QueryProgress;

export interface SearchOptions extends OrderInput, QueryRunOptions {
  /** Throw failures instead of keeping them in `Results.error` (default false). A cancel always rejects. */
  raiseErrors?: boolean;
}

export interface CompositeContext {
  compound: (recordId: number) => Compound;
  sdf: (queryId: string, call?: CallOptions) => Promise<string>;
  now: () => number;
}

/** Runs the query and fetches every result ID as compounds. */
export async function runComposite(query: Query, text: string, context: CompositeContext, options: SearchOptions): Promise<Results> {
  const results = new Results(text, query.kind as Results['kind'], query.via, (id, call) => context.sdf(id, call));
  const started = context.now();
  const copy = (): void => {
    Object.assign(results, { queryId: query.queryId, status: query.status, count: query.count, message: query.message });
    results.statusChecks = query.statusChecks;
    results.durationMs = context.now() - started;
  };
  try {
    assertValid(checkSearchQuery('query', text));
    await query.run(options);
    const ids = await query.allIds({ signal: options.signal });
    copy();
    results.compounds = ids.map((id) => context.compound(id));
    results.count = ids.length;
  } catch (error) {
    copy();
    if (error instanceof CancelledError || options.signal?.aborted)
      throw error instanceof CancelledError ? error : new CancelledError(undefined, { cause: error });
    if (options.raiseErrors || !(error instanceof CompoundDbError)) throw error;
    results.error = error;
  }
  return results;
}
