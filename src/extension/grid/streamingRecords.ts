import * as fs from 'fs';
import { recordFormatOf, RECORD_LIMITS, type RecordIndex } from '../../grid/recordIndex';
import { plainMolFacts } from '../../grid/recordFacts';
import { RecordIndexer } from '../../grid/recordIndexer';
import { Once } from '../../shared/in-flight';

/** Bytes read per step while indexing: large enough to be fast, small enough to keep memory flat. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Bytes of records next to each other read at once. */
const RUN_BYTES = 8 * 1024 * 1024;
/** How long the index waits after its first chunk for the page to read its first records. */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * The records of a file too large to hold: indexed by streaming it once (record offsets, names, SD fields), then
 * read record by record at their offsets. Memory follows the number of records, not the file's size.
 */
export class StreamingRecords {
  private readonly indexer: RecordIndexer;
  private handle: fs.promises.FileHandle | undefined;
  private readonly opened = new Once<fs.promises.FileHandle>();
  private stopped = false;
  private pageRead: () => void = () => undefined;
  private readonly firstPageRead = new Promise<void>((resolve) => (this.pageRead = resolve));
  readonly done: Promise<void>;

  constructor(
    private readonly file: string,
    onProgress: () => void,
  ) {
    this.indexer = new RecordIndexer(recordFormatOf(file), plainMolFacts);
    this.done = this.indexAll(onProgress);
  }

  get index(): RecordIndex {
    return this.indexer.index;
  }

  private open(): Promise<fs.promises.FileHandle> {
    return this.opened.get(() => fs.promises.open(this.file, 'r').then((h) => (this.handle = h)));
  }

  private async indexAll(onProgress: () => void): Promise<void> {
    const handle = await this.open();
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES + RECORD_LIMITS.recordBytes + 2);
    let position = 0;
    let lastReport = 0;
    for (;;) {
      if (this.stopped) return;
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      const final = bytesRead < buffer.length;
      const consumed = this.indexer.push(buffer.subarray(0, bytesRead), position, final);
      position += consumed;
      const now = Date.now();
      // The first records as soon as there are any; then a few reports a second.
      const first = lastReport === 0;
      if (final || first || now - lastReport > 250) {
        lastReport = now;
        onProgress();
      }
      if (final) return;
      // The rest of the file (its formulas and masses read on this thread) waits until the page has its first records:
      // indexing it at once held the extension host while the grid's page was being made (100,000 records: first page
      // 4.4-5.4 s, against 2.2 s without reading the facts).
      if (first) await Promise.race([this.firstPageRead, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS).unref())]);
    }
  }

  /**
   * Records by number, each cut at RECORD_LIMITS.recordBytes. Records next to each other in the file (the grid's
   * computed columns ask for runs of them) are read with one read of their span, up to RUN_BYTES.
   */
  read = async (ids: number[]): Promise<string[]> => {
    const handle = await this.open();
    const ix = this.index;
    const texts = new Array<string>(ids.length);
    const runs: Array<{ from: number; to: number }> = [];
    ids.forEach((id, i) => {
      const run = runs[runs.length - 1];
      const next = run && ids[run.to - 1] + 1 === id && ix.ends[id] - ix.starts[ids[run.from]] <= RUN_BYTES;
      if (next) run.to = i + 1;
      else runs.push({ from: i, to: i + 1 });
    });
    await Promise.all(
      runs.map(async ({ from, to }) => {
        const start = ix.starts[ids[from]];
        const length = to - from === 1 ? Math.min(ix.ends[ids[from]] - start, RECORD_LIMITS.recordBytes) : ix.ends[ids[to - 1]] - start;
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        for (let i = from; i < to; i++) {
          const at = ix.starts[ids[i]] - start;
          const end = Math.min(ix.ends[ids[i]] - start, at + RECORD_LIMITS.recordBytes, bytesRead);
          texts[i] = buffer.toString('utf8', at, Math.max(at, end));
        }
      }),
    );
    this.pageRead();
    return texts;
  };

  dispose(): void {
    this.stopped = true;
    void this.done.finally(() => this.handle?.close().catch(() => undefined));
  }
}
