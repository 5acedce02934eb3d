import type { Chemistry } from '../toolkits/types';
import type { BoundedToolkit } from '../toolkits/bounded-toolkit';
import type { CompoundStore } from '../store/compound-store';

/**
 * What a search needs: the store, the chemistry (in process: the records' own structures), and the bounded toolkit
 * (in workers with a deadline: every toolkit call on a request's input).
 */
export interface SearchContext {
  store: CompoundStore;
  chemistry: Chemistry;
  toolkit: BoundedToolkit;
  /** Resolves once `chemistry` has loaded (starting its load): code that uses it waits for this first. */
  chemistryReady(): Promise<unknown>;
}
