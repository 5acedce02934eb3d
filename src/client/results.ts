/** The composite search's results container (spec 3). Filled in by search.ts while the search runs. */
import type { QueryKind, QueryStatus } from '../wire';
import type { Compound } from './compound';
import type { CallOptions } from './current-api';
import { ApiKeyRequiredError, InputError, type CompoundDbError } from './errors';

export type SearchInterface = 'current' | 'older';

export class Results {
  /** Status last reported (or `Complete` / `ResultReady` for a record-ID query answered without a search). */
  status?: QueryStatus | string;
  count = 0;
  message = '';
  /** Query ID (current) or transaction ID (older); undefined for a record-ID query. */
  queryId?: string;
  /** Elapsed time of the whole search, submit to results in hand (or to the failure). */
  durationMs = 0;
  /** The failure, when `raiseErrors` was off. */
  error?: CompoundDbError;
  compounds: Compound[] = [];
  /** How many status checks were made. */
  statusChecks = 0;

  constructor(
    readonly query: string,
    readonly kind: QueryKind,
    readonly via: SearchInterface,
    private readonly sdfSource: (queryId: string, call?: CallOptions) => Promise<string>,
  ) {}

  get ok(): boolean {
    return this.error === undefined && this.status !== undefined;
  }

  get recordIds(): number[] {
    return this.compounds.map((c: Compound) => c.recordId);
  }

  /** The results as SDF text (current interface only). */
  sdf(call?: CallOptions): Promise<string> {
    if (this.via !== 'current') return Promise.reject(new ApiKeyRequiredError('Results.sdf'));
    if (!this.queryId) {
      const message = `no search ran for query ${JSON.stringify(this.query)} (a record ID, or a failure before the submit), so there is no SDF`;
      return Promise.reject(new InputError(message, [{ field: 'query', message }]));
    }
    return this.sdfSource(this.queryId, call);
  }
}
