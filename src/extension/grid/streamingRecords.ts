import * as fs from 'fs';
import { recordFormatOf, RECORD_LIMITS, type RecordIndex } from '../../grid/recordIndex';
import { RecordIndexer } from '../../grid/recordIndexer';
import { Once } from '../../shared/in-flight';

/** Bytes read per step while indexing: large enough to be fast, small enough to keep memory flat. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The records of a file too large to hold: indexed by streaming it once (record offsets, names, SD fields), then
 * read record by record at their offsets. Memory follows the number of records, not the file's size.
 */
export class StreamingRecords {
  private readonly indexer: RecordIndexer;
  private handle: fs.promises.FileHandle | undefined;
  private readonly opened = new Once<fs.promises.FileHandle>();
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly file: string,
    onProgress: () => void,
  ) {
    this.indexer = new RecordIndexer(recordFormatOf(file));
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
      if (final || lastReport === 0 || now - lastReport > 250) {
        lastReport = now;
        onProgress();
      }
      if (final) return;
    }
  }

  read = async (ids: number[]): Promise<string[]> => {
    const handle = await this.open();
    const ix = this.index;
    return Promise.all(
      ids.map(async (id) => {
        const length = Math.min(ix.ends[id] - ix.starts[id], RECORD_LIMITS.recordBytes);
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, ix.starts[id]);
        return buffer.toString('utf8', 0, bytesRead);
      }),
    );
  };

  dispose(): void {
    this.stopped = true;
    void this.done.finally(() => this.handle?.close().catch(() => undefined));
  }
}
