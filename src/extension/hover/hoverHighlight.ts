/**
 * A hover's depiction with a substructure search's matches highlighted, for a record that came from that search
 * (`highlightForRecord`). Fetched once per record and query and kept, bounded, until the server changes; a failure
 * is not kept. No `vscode` here: unit tests drive it in plain Node.
 */
import { boundedCache } from '../../shared/cache';
import { InFlight } from '../../shared/in-flight';
import type { Highlight } from '../searches/searchStateData';

export class HighlightedImages {
  /** base64 PNGs by record and query. */
  private readonly cache = boundedCache<string, string>({ maxEntries: 200, maxBytes: 8 * 1024 * 1024 });
  private readonly inFlight = new InFlight<string, string>();
  /** Bumped by `clear`: a fetch started before it does not fill the new cache. */
  private generation = 0;

  constructor(private readonly fetch: (recordId: number, highlight: Highlight) => Promise<Uint8Array>) {}

  /** The record's depiction (base64 PNG) with every match of the highlight's query marked. */
  image(recordId: number, highlight: Highlight): Promise<string> {
    const key = `${recordId}\n${highlight.format}\n${highlight.query}`;
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    const generation = this.generation;
    return this.inFlight.run(key, async () => {
      const png = Buffer.from(await this.fetch(recordId, highlight)).toString('base64');
      if (generation === this.generation) this.cache.set(key, png);
      return png;
    });
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
    this.inFlight.clear();
  }
}
