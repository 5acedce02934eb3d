/**
 * `compound-db identify` as a child process against a service on 127.0.0.1: an MGF with a library spectrum, broken
 * spectra (NaN, no precursor, an unclosed BEGIN IONS) and a binary tail gives the CSV of shared/beyond-the-spec.md 5,
 * one row per query and rank, a row with the reason for each spectrum that cannot be searched, in input order.
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseCsv } from '../../../src/client';
import { DEV_API_KEY, startService, type RunningService } from '../../../src/service';
import { readLibrarySpectrum } from '../../../src/service/search/spectrum/library-spectrum';
import { SHIPPED_DATA_DIR } from '../../../src/service/collection/shipped-collection';
import { loadSpectra } from '../../../src/service/collection/spectra-files';

const BIN = path.resolve(__dirname, '../../../../bin/compound-db.js');

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, COMPOUND_DB_API_KEY: DEV_API_KEY, COMPOUND_DB_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('compound-db identify', function () {
  this.timeout(300_000);
  let svc: RunningService;
  let dir: string;
  let mgf: string;
  let recordId: number;

  before(async () => {
    svc = await startService({ port: 0, structureIndexOnDemand: true });
    await svc.buildSpectrumIndex();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identify-'));
    const store = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
    let s = readLibrarySpectrum('');
    for (const { id, csid } of await store.ids()) {
      s = readLibrarySpectrum((await store.readData(id)) as string);
      recordId = csid;
      if (s.precursorMz !== undefined && s.mz.length >= 4) break;
    }
    const peaks = s.mz.map((mz, i) => `${mz} ${s.intensity[i]}`).join('\n');
    mgf = [
      `BEGIN IONS\nTITLE=good\nPEPMASS=${s.precursorMz}\n${peaks}\nEND IONS`,
      `BEGIN IONS\nTITLE=nan\nPEPMASS=${s.precursorMz}\n100 NaN\nEND IONS`,
      `BEGIN IONS\nTITLE=no precursor\n${peaks}\nEND IONS`,
      `BEGIN IONS\nTITLE=unclosed\nPEPMASS=${s.precursorMz}\n${peaks}`,
      `BEGIN IONS\nTITLE=after\nPEPMASS=${s.precursorMz}\n${peaks}\nEND IONS\n`,
    ].join('\n');
  });
  after(async () => {
    await svc?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one row per query and rank, and a row with the reason for each unreadable spectrum', async () => {
    const file = path.join(dir, 'run.mgf');
    fs.writeFileSync(file, mgf);
    const out = path.join(dir, 'hits.csv');
    const r = await run(['identify', file, out, '--top', '3', '--server', svc.baseUrl]);
    assert.strictEqual(r.status, 0, r.stderr);
    const rows = parseCsv(fs.readFileSync(out, 'utf8'));
    assert.deepStrictEqual(rows[0], [
      'query',
      'title',
      'precursor_mz',
      'rank',
      'record_id',
      'name',
      'inchikey',
      'score',
      'matched_peaks',
      'spectrum_id',
      'message',
    ]);
    const byQuery = (q: string) => rows.slice(1).filter((row) => row[0] === q);
    const good = byQuery('1');
    assert.ok(good.length >= 1 && good.length <= 3);
    assert.strictEqual(good[0][4], String(recordId));
    assert.strictEqual(good[0][7], '1.0000');
    assert.match(good[0][6], /^[A-Z]{14}-/);
    assert.match(byQuery('2')[0][10], /spectrum 2 \("nan"\), line \d+: .*not a peak/);
    assert.match(byQuery('3')[0][10], /no precursor m\/z/);
    assert.match(byQuery('4')[0][10], /BEGIN IONS of line \d+ is not closed/);
    assert.strictEqual(byQuery('5')[0][4], String(recordId));
    assert.deepStrictEqual([...new Set(rows.slice(1).map((row) => row[0]))], ['1', '2', '3', '4', '5']);
  });

  it('refuses bad usage with exit code 2', async () => {
    const r = await run(['identify', 'x.mgf', '--search', 'fuzzy']);
    assert.strictEqual(r.status, 2);
    assert.match(r.stderr, /--search must be one of identity, open, neutral-loss, hybrid/);
  });
});
