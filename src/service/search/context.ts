import type { Chemistry } from '../chemistry/types';
import type { CompoundStore } from '../store/compound-store';

/** What a search needs: the store, and the chemistry to turn structure inputs into InChIKeys. */
export interface SearchContext {
  store: CompoundStore;
  chemistry: Chemistry;
}
