/**
 * The computed columns (formula and masses) of the records the indexer could not read itself (src/grid/recordFacts.ts:
 * it reads plain MOL blocks), made in the toolkit worker as the records are indexed, a batch at a time behind
 * whatever a person waits for, so sorting or filtering by them is at once when the file is read. Follows the grid's
 * info: more records are computed as they are indexed; a new version starts over.
 */
import type { GridInfo, GridRequests } from '../../grid/protocol';
import type { GridBackend } from './backend';
import { ToolkitStopped, type BoundedToolkit } from './boundedToolkit';
import type { ToolkitMethods } from './toolkitProtocol';

/** Records computed by one toolkit call (few, so a card to draw waits little behind it). */
const CALL = 25;

type Uncomputed = GridRequests['uncomputed']['result'];

export class ComputedColumns {
  private version = 0;
  /** Records from 0 up to this one are computed, here or by the indexer (for `version`). */
  private next = 0;
  private latest: GridInfo | undefined;
  private running = false;
  private waiting: Array<() => void> = [];
  private failed: string | undefined;

  constructor(
    private readonly backend: GridBackend,
    private readonly toolkit: BoundedToolkit,
    private readonly progress: (computed: number, info: GridInfo) => void,
  ) {}

  /** The grid's info changed (first page, more records indexed, an edit): compute what is new. */
  follow(info: GridInfo): void {
    this.latest = info;
    if (info.version !== this.version) {
      this.version = info.version;
      this.next = 0;
    }
    void this.work();
  }

  /** Records of `info` whose values were computed here (from the first on). */
  count(info: GridInfo): number {
    return info.version === this.version ? Math.min(this.next, info.count) : 0;
  }

  /** True once every record of `info` is computed (the file fully read). */
  done(info: GridInfo): boolean {
    return !info.indexing && info.version === this.version && this.next >= info.count;
  }

  /** Resolves once `done` or when computing could not go on (its reason). */
  async whenDone(info: GridInfo): Promise<string | undefined> {
    while (!this.done(info) && !this.failed && info.version === this.version) await new Promise<void>((r) => this.waiting.push(r));
    return this.failed;
  }

  private wake(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  private async work(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // The next records' texts are asked for while these are computed.
      let ahead: { version: number; from: number; answer: Promise<Uncomputed> } | undefined;
      for (;;) {
        const info = this.latest;
        if (!info || info.unusable || this.next >= info.count) break;
        const version = info.version;
        const from = this.next;
        const read = ahead?.version === version && ahead.from === from ? ahead.answer : this.read(version, from);
        ahead = undefined;
        const answer = await read;
        if (version !== this.version) continue;
        // The records changed under the page: their new version's push starts over.
        if (answer.version !== version || answer.end <= from) break;
        if (answer.end < (this.latest?.count ?? 0)) ahead = { version, from: answer.end, answer: this.read(version, answer.end) };
        if (answer.ids.length) {
          const results = await this.compute(answer.texts, () => version !== this.version);
          if (!results) continue;
          void this.backend
            .request('scanned', {
              version,
              ids: answer.ids,
              formulas: results.map((r) => r.formula),
              mws: results.map((r) => r.mw),
              masses: results.map((r) => r.mass),
            })
            .catch(() => undefined);
        }
        this.next = answer.end;
        this.progress(this.next, info);
        this.wake();
      }
    } catch (e) {
      this.failed = e instanceof Error ? e.message : String(e);
    } finally {
      this.running = false;
      this.wake();
    }
  }

  /** The next records from `from` on that the indexer left, with their texts (a round trip to the host for an editor). */
  private read(version: number, from: number): Promise<Uncomputed> {
    return this.backend.request('uncomputed', { version, from });
  }

  /** Values of `texts`, a call at a time; a record past its deadline gets none. Undefined once `stale`. */
  private async compute(texts: Array<string | undefined>, stale: () => boolean): Promise<Array<ToolkitMethods['scan']['result']> | undefined> {
    const results: Array<ToolkitMethods['scan']['result']> = [];
    while (results.length < texts.length) {
      if (stale()) return undefined;
      const part = texts.slice(results.length, results.length + CALL).map((t) => t ?? '');
      try {
        results.push(...(await this.toolkit.run('scan', part, {}, { priority: 'background' })));
      } catch (e) {
        if (!(e instanceof ToolkitStopped)) throw e;
        results.push(...(e.partial as Array<ToolkitMethods['scan']['result']>), { match: false });
      }
    }
    return stale() ? undefined : results;
  }
}
