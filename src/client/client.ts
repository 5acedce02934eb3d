/**
 * The client of both interface generations: current operations (current-api.ts), older ones with section 9
 * routing (older-api.ts), and on top the composite search and the lazy Compound objects.
 */
import type { RecordDetails } from '../wire';
import { Compound, type CompoundSource } from './compound';
import type { CallOptions } from './current-api';
import { ConfigurationError } from './errors';
import type { Identifiers } from './generation-mapping';
import { legacyOrder, recordIdOf, wireOrder, type OrderInput } from './inputs';
import { OlderApi } from './older-api';
import type { Results } from './results';
import { runSearch, type SearchBackend, type SearchOptions } from './search';

export class CompoundDbClient extends OlderApi implements CompoundSource {
  /** A compound by record ID; nothing is requested until one of its values is asked for. */
  compound(recordId: number | string): Compound {
    return new Compound(this, recordIdOf(recordId));
  }

  /** Used by Compound: all details of a record, from whichever interface is configured. */
  compoundRecord(recordId: number, call: CallOptions = {}): Promise<{ details: RecordDetails; ids?: Identifiers }> {
    return this.recordDetails(recordId, call);
  }

  /** Used by Compound: the PNG of a record, from whichever interface is configured (current first). */
  compoundImage(recordId: number, call: CallOptions = {}): Promise<Uint8Array> {
    return this.hasApiKey ? this.getImage(recordId, call) : this.getCompoundThumbnail(recordId, call);
  }

  /**
   * Composite search (spec 3). With an API key it runs the current filters chosen by `classifyQuery`; with only a
   * token, the older ordered async simple search. Resolves with a Results container; see SearchOptions.
   */
  search(query: string | number, options: SearchOptions = {}): Promise<Results> {
    return runSearch(
      {
        backend: this.searchBackend(),
        compound: (id) => this.compound(id),
        sdf: (queryId, call) => this.filterResultsSdf(queryId, call),
        sleep: this.options.sleep,
        now: this.options.now,
      },
      query,
      options,
    );
  }

  /** The current interface unless only a token is configured. */
  private searchBackend(): SearchBackend {
    return this.hasToken && !this.hasApiKey ? this.olderBackend() : this.currentBackend();
  }

  private currentBackend(): SearchBackend {
    return {
      via: 'current',
      checkOrder: (order) => void wireOrder(order),
      submit: (kind, query, order: OrderInput, call) => {
        if (!this.hasApiKey) return Promise.reject(new ConfigurationError('search needs an API key or a security token; neither is configured'));
        switch (kind) {
          case 'inchi':
            return this.filterInchi(query, call);
          case 'inchikey':
            return this.filterInchikey(query, call);
          case 'smiles':
            return this.filterSmiles(query, call);
          case 'name':
            return this.filterName(query, order, call);
        }
      },
      status: (queryId, call) => this.filterStatus(queryId, call),
      results: (queryId, call) => this.filterAllResults(queryId, call),
    };
  }

  private olderBackend(): SearchBackend {
    return {
      via: 'older',
      checkOrder: (order) => void legacyOrder(order.order ?? 'dbid', order.direction ?? 'ascending'),
      submit: (_kind, query, order, call) => this.asyncSimpleSearchOrdered(query, order.order ?? 'dbid', order.direction ?? 'ascending', call),
      status: async (queryId, call) => {
        const s = await this.getAsyncSearchStatusAndCount(queryId, call);
        return { status: s.Status, count: s.Count, message: s.Message ?? '' };
      },
      results: (queryId, call) => this.getAsyncSearchResult(queryId, call),
    };
  }
}
