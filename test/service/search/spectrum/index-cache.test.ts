/**
 * The spectrum index kept on disk (index-cache.ts): keyed by the data it is built from, not by where it lies, so two
 * clones of the same spectra share one file; the most recently used few kept, so clones of different data do not
 * evict each other's.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadSpectra } from '../../../../src/service/collection/spectra-files';
import { SHIPPED_DATA_DIR } from '../../../../src/service/collection/shipped-collection';
import { EntropyIndexBuilder } from '../../../../src/service/search/spectrum/entropy-index';
import { cacheKeyOf, KEPT_INDEXES, readCachedIndex, writeCachedIndex } from '../../../../src/service/search/spectrum/index-cache';
import { SpectrumLibrary } from '../../../../src/service/search/spectrum/library';

describe('spectrum index cache', function () {
  this.timeout(300_000);
  let work: string;

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'spectrum-index-cache-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  /** A copy of the shipped spectra folder under `name`. */
  function cloneOfShipped(name: string): string {
    const dir = path.join(work, name, 'spectra');
    fs.cpSync(path.join(SHIPPED_DATA_DIR, 'spectra'), dir, { recursive: true });
    return dir;
  }

  it('is keyed by the files it is built from, not their place: a second clone reads the first one’s index', async () => {
    const cache = path.join(work, 'cache');
    const [a, b] = [cloneOfShipped('clone-a'), cloneOfShipped('clone-b')];
    const keyA = await cacheKeyOf([{ dir: a, packed: true }], '');
    assert.ok(keyA);
    assert.strictEqual(await cacheKeyOf([{ dir: b, packed: true }], ''), keyA);
    assert.strictEqual(await cacheKeyOf([{ dir: a, packed: false }], ''), undefined);

    const logA: string[] = [];
    const built = await new SpectrumLibrary(await loadSpectra(a), (line) => logA.push(line), cache).index();
    assert.match(logA.join('\n'), /built in/);
    const logB: string[] = [];
    const read = await new SpectrumLibrary(await loadSpectra(b), (line) => logB.push(line), cache).index();
    assert.match(logB.join('\n'), /read from/);
    assert.deepStrictEqual([read.size, read.peaks], [built.size, built.peaks]);

    // One byte of one data file changed: another key.
    const file = path.join(b, fs.readdirSync(b).find((name) => name.startsWith('spectra-')) as string);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] ^= 1;
    fs.writeFileSync(file, bytes);
    assert.notStrictEqual(await cacheKeyOf([{ dir: b, packed: true }], ''), keyA);
  });

  it('remembers the key in the cache folder under the files’ place, sizes and times, and reads the contents again once a file is written', async () => {
    const cache = path.join(work, 'cache');
    const dir = cloneOfShipped('clone');
    const folders = [{ dir, packed: true }];
    const key = await cacheKeyOf(folders, '', cache);
    assert.strictEqual(key, await cacheKeyOf(folders, ''));
    // The remembered key is what the next start gets (a stand-in value shows that no content was read for it).
    const memoFile = path.join(cache, fs.readdirSync(cache).find((name) => name.endsWith('.json')) as string);
    const memo = JSON.parse(fs.readFileSync(memoFile, 'utf8')) as { keys: Record<string, string> };
    assert.deepStrictEqual(Object.values(memo.keys), [key]);
    const standIn = 'f'.repeat(32);
    fs.writeFileSync(memoFile, JSON.stringify({ ...memo, keys: { [Object.keys(memo.keys)[0]]: standIn } }));
    assert.strictEqual(await cacheKeyOf(folders, '', cache), standIn);

    // One byte of one data file changed, its size and modification time set back: read again, the contents' key.
    const file = path.join(dir, fs.readdirSync(dir).find((name) => name.startsWith('spectra-')) as string);
    const { mtime, atime } = fs.statSync(file);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] ^= 1;
    fs.writeFileSync(file, bytes);
    fs.utimesSync(file, atime, mtime);
    const changed = await cacheKeyOf(folders, '', cache);
    assert.notStrictEqual(changed, standIn);
    assert.notStrictEqual(changed, key);
    assert.strictEqual(changed, await cacheKeyOf(folders, ''));
  });

  it(`keeps the ${KEPT_INDEXES} most recently used indexes and removes older ones`, async () => {
    const builder = new EntropyIndexBuilder();
    builder.add({ spectrumId: 1, recordId: 1, precursorMz: 300, mz: [100, 150, 200], intensity: [10, 50, 100] });
    const { a: arrays } = builder.finish(1);
    const keys = ['1', '2', '3', '4', '5'].map((digit) => digit.repeat(32));
    const fileOf = (key: string) => path.join(work, `spectrum-index-${key}.bin`);
    const present = () => keys.filter((key) => fs.existsSync(fileOf(key)));
    // Written in turn, each an hour after the one before (set, so the test needs no clock between writes).
    keys.slice(0, KEPT_INDEXES).forEach((key, i) => {
      writeCachedIndex(work, key, arrays);
      const at = new Date(Date.now() - (10 - i) * 3600_000);
      fs.utimesSync(fileOf(key), at, at);
    });
    assert.deepStrictEqual(present(), keys.slice(0, KEPT_INDEXES));

    // The oldest is read (so used now): the next write removes the least recently used instead.
    assert.ok(await readCachedIndex(work, keys[0]));
    writeCachedIndex(work, keys[KEPT_INDEXES], arrays);
    assert.deepStrictEqual(present(), [keys[0], ...keys.slice(2, KEPT_INDEXES + 1)]);
    assert.strictEqual(fs.readdirSync(work).length, KEPT_INDEXES);
  });
});
