/** Everything a route handler of either interface uses. */
import type { SearchContext } from './search/context';
import type { Queries } from './query-engine/stored-queries';
import type { ImageCache } from './images/image-cache';
import type { Credentials } from './auth/keys';
import type { RateLimiter } from './auth/rate-limit';
import type { StructureSearch } from './search/structure/structure-search';
import type { SpectrumLibrary } from './search/spectrum/library';
import type { SpectrumSearchQueue } from './search/spectrum/search-queue';
import { type SpectrumStore } from './collection/spectra-files';

export interface ServiceContext extends SearchContext {
  engine: Queries;
  images: ImageCache;
  spectra: SpectrumStore;
  /** Flash entropy search over those spectra (its index built after the service listens). */
  spectrumLibrary: SpectrumLibrary;
  /** Spectrum searches and batches in the fair queue, run in slices on the event loop. */
  spectrumSearches: SpectrumSearchQueue;
  credentials: Credentials;
  rateLimiter: RateLimiter;
  /** Substructure and similarity search over every record's structure. */
  structures: StructureSearch;
  /** How long one substructure search may run before it stops with the matches found so far. */
  structureTimeLimitMs: number;
  /** Origin of both interfaces (`http://127.0.0.1:8745`), for URLs the service hands out. */
  origin(): string;
  log(line: string): void;
}
