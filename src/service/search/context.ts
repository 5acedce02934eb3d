import type { Chemistry } from '../chemistry/types';
import type { CompoundStore } from '../store/compound-store';

/** What a search needs: the store, and the chemistry to turn structure inputs into InChIKeys. */
export interface SearchContext {
  store: CompoundStore;
  chemistry: Chemistry;
  /** Resolves once `chemistry` has loaded (starting its load): code that uses it waits for this first. */
  chemistryReady(): Promise<unknown>;
}
