/**
 * A hover's depiction with a substructure search's matches highlighted, for a record that came from that search
 * (`highlightForRecord`). Fetched once per record and query and kept, bounded, until the server changes; a failure
 * is not kept. No `vscode` here: unit tests drive it in plain Node.
 */
import { CachedLoads } from '../../shared/in-flight';
import type { Highlight } from '../searches/searchStateData';

export class HighlightedImages {
  /** base64 PNGs by record and query. */
  private readonly images = new CachedLoads<string, string>({ maxEntries: 200, maxBytes: 8 * 1024 * 1024 });

  constructor(private readonly fetch: (recordId: number, highlight: Highlight) => Promise<Uint8Array>) {}

  /** The record's depiction (base64 PNG) with every match of the highlight's query marked. */
  image(recordId: number, highlight: Highlight): Promise<string> {
    return this.images.get(`${recordId}\n${highlight.format}\n${highlight.query}`, async () =>
      Buffer.from(await this.fetch(recordId, highlight)).toString('base64'),
    );
  }

  clear(): void {
    this.images.clear();
  }
}
