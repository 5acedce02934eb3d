/**
 * The service as shipped: default data folder, a user SDF as an extra datasource, and the command line
 * (arguments, startup lines, the IPC handshake the extension uses).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { fork, spawn, type ChildProcess } from 'child_process';
import { LEGACY_ERROR_TEXT } from '../../../src/wire';
import { startService, type RunningService } from '../../../src/service';
import { parseArgs } from '../../../src/service/options';
import { api, legacy, parseXml, request, runFilter } from '../support/http';
import { tempDir } from '../../support/temp';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';

const CLI = path.resolve(__dirname, '../../../src/service/main.js');

const USER_SDF = `Ibuprofen
  manual

 13 13  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0
    1.2990    0.7500    0.0000 C   0  0
    2.5981    0.0000    0.0000 C   0  0
    2.5981   -1.5000    0.0000 C   0  0
    1.2990   -2.2500    0.0000 C   0  0
    0.0000   -1.5000    0.0000 C   0  0
    3.8971    0.7500    0.0000 C   0  0
    5.1962    0.0000    0.0000 C   0  0
    5.1962   -1.5000    0.0000 C   0  0
    6.4952    0.7500    0.0000 C   0  0
   -1.2990    0.7500    0.0000 C   0  0
   -1.2990    2.2500    0.0000 O   0  0
   -2.5981    0.0000    0.0000 O   0  0
  1  2  2  0
  2  3  1  0
  3  4  2  0
  4  5  1  0
  5  6  2  0
  6  1  1  0
  3  7  1  0
  7  8  1  0
  8  9  1  0
  8 10  1  0
  1 11  1  0
 11 12  2  0
 11 13  1  0
M  END
> <NAME>
Lab compound one

$$$$
`;

describe('service: shipped collection, user SDF and command line', () => {
  let svc: RunningService;
  let base: string;
  let sdfFile: string;

  before(async () => {
    sdfFile = path.join(tempDir('sdf'), 'my-lab.sdf');
    fs.writeFileSync(sdfFile, USER_SDF);
    svc = await startService({ port: 0, dataFiles: [sdfFile] });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  it('loads the shipped collection and the user SDF as one more datasource', async () => {
    assert.ok(svc.records > 500, `${svc.records} records`);
    assert.ok(svc.dataSources.length >= 3);
    assert.strictEqual(svc.dataSources[svc.dataSources.length - 1], 'my-lab');
    assert.ok((await svc.spectra()) > 0);
  });

  it('a data file that cannot be read is skipped and reported; the rest is served', async () => {
    const missing = path.join(path.dirname(sdfFile), 'deleted.sdf');
    const lines: string[] = [];
    const partial = await startService({ port: 0, dataFiles: [missing, sdfFile], log: (l) => lines.push(l) });
    try {
      assert.deepStrictEqual(partial.skippedDataFiles, [{ file: missing, reason: 'ENOENT' }]);
      assert.strictEqual(partial.records, svc.records);
      assert.strictEqual(partial.dataSources[partial.dataSources.length - 1], 'my-lab');
      assert.ok(
        lines.some((l) => l.includes(missing) && l.includes('ENOENT')),
        lines.join('\n'),
      );
    } finally {
      await partial.close();
    }
  });

  it('finds caffeine by InChIKey, name, formula and mass with its published values', async () => {
    const byKey = await runFilter(base, 'filter/inchikey', { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' });
    assert.strictEqual(byKey.length, 1);
    assert.deepStrictEqual(await runFilter(base, 'filter/name', { name: 'caffeine' }).then((ids) => ids.slice(0, 1)), byKey);
    assert.ok((await runFilter(base, 'filter/formula', { formula: 'C8H10N4O2' })).includes(byKey[0]));
    assert.ok((await runFilter(base, 'filter/mass', { mass: 194.0804, range: 0.001 })).includes(byKey[0]));
    const d = (await api(base, 'GET', `records/${byKey[0]}/details`)).json;
    assert.strictEqual(d.formula, 'C_{8}H_{10}N_{4}O_{2}');
    assert.strictEqual(d.monoisotopicMass, 194.080376);
    assert.strictEqual(d.nominalMass, 194);
    assert.strictEqual(d.mol3D.split('\n')[0], String(byKey[0]));
  });

  it('serves the user SDF record under its datasource, found by structure', async () => {
    const mine = await runFilter(base, 'filter/name', { name: 'Lab compound one' });
    assert.strictEqual(mine.length, 1);
    // Shipped IDs have gaps (records left out by later builds keep their IDs unused), so the count is not the last ID.
    const lastShipped = (await loadShippedCollection()).reduce((last, r) => Math.max(last, r.id), 0);
    assert.strictEqual(mine[0], lastShipped + 1, 'the user record comes after the shipped ones');
    // the MOL block draws 3-isobutylbenzoic acid: found by any SMILES of that structure
    assert.ok((await runFilter(base, 'filter/smiles', { smiles: 'OC(=O)c1cc(CC(C)C)ccc1' })).includes(mine[0]));
    const refs = (await api(base, 'GET', `records/${mine[0]}/externalreferences`)).json.externalReferences;
    assert.strictEqual(refs[0].source, 'my-lab');
    assert.deepStrictEqual(await runFilter(base, 'filter/formula', { formula: 'C11H14O2', dataSources: ['my-lab'] }), mine);
    const original = parseXml((await legacy(base, 'InChI.asmx/CSIDToMol', [['csid', String(mine[0])]])).text).string;
    assert.ok(original.includes('Ibuprofen') || original.includes(' 13 13  0'));
  });

  it("finds the same records by a record's own SMILES (not parsed) as by another SMILES of its structure (parsed)", async () => {
    const [caffeine] = await runFilter(base, 'filter/inchikey', { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' });
    const [mine] = await runFilter(base, 'filter/name', { name: 'Lab compound one' });
    for (const [id, written] of [
      [caffeine, 'Cn1cnc2c1c(=O)n(C)c(=O)n2C'],
      [mine, 'OC(=O)c1cc(CC(C)C)ccc1'],
    ] as const) {
      const own = (await api(base, 'GET', `records/${id}/details?fields=SMILES`)).json.smiles as string;
      assert.notStrictEqual(own, written, 'the other SMILES is written differently');
      const byOwn = await runFilter(base, 'filter/smiles', { smiles: own });
      assert.ok(byOwn.includes(id));
      assert.deepStrictEqual(byOwn, await runFilter(base, 'filter/smiles', { smiles: written }));
    }
  });

  it('serves the shipped spectra and their JCAMP-DX files', async () => {
    const [benzene] = await runFilter(base, 'filter/inchikey', { inchikey: 'UHOVQNZJYSORNB-UHFFFAOYSA-N' });
    const all = [
      parseXml((await legacy(base, 'Spectra.asmx/GetCompoundSpectraInfo', [['csid', String(benzene)]])).text).ArrayOfCSSpectrumInfo.CSSpectrumInfo,
    ].flat();
    assert.ok(all.length > 0);
    const file = await request(`${base}/FilesHandler.ashx?type=blob&disp=1&id=${all[0].spc_id}`);
    assert.strictEqual(file.status, 200);
    assert.match(file.text, /##TITLE=/);
  });

  describe('command line', () => {
    it('parses its options', () => {
      assert.deepStrictEqual(
        parseArgs([
          '--port',
          '0',
          '--host',
          '::1',
          '--data',
          'a.sdf',
          '--data',
          'b.sdf',
          '--spectra',
          'dir',
          '--keys',
          'k.json',
          '--rate-limit',
          '60',
        ]),
        {
          port: 0,
          host: '::1',
          dataFiles: ['a.sdf', 'b.sdf'],
          spectraDir: 'dir',
          keysFile: 'k.json',
          rateLimitPerMinute: 60,
        },
      );
      assert.throws(() => parseArgs(['--port', 'abc']), /whole number/);
      assert.throws(() => parseArgs(['--colour']), /unknown option/);
      assert.throws(() => parseArgs(['--data']), /needs a value/);
    });

    it('parses the stored-query bounds and the warm-up switch', () => {
      assert.deepStrictEqual(
        parseArgs(['--max-queries', '50000', '--max-result-ids', '20000000', '--result-cap', '1000000', '--query-ttl-minutes', '5', '--no-warm-up']),
        { dataFiles: [], maxQueries: 50000, maxResultIds: 20_000_000, resultCap: 1_000_000, queryTtlMs: 300_000, warmDrawing: false },
      );
      assert.throws(() => parseArgs(['--max-result-ids', '0']), /--max-result-ids needs a whole number from 1/);
      assert.throws(() => parseArgs(['--max-queries', '-3']), /--max-queries needs a whole number/);
      assert.throws(() => parseArgs(['--result-cap', '3000000']), /--max-result-ids \(2000000\) must be at least --result-cap \(3000000\)/);
      assert.throws(() => parseArgs(['--max-result-ids', '50000']), /must be at least --result-cap \(100000\)/);
    });

    interface Served {
      child: ChildProcess;
      out: string;
      err: string;
      baseUrl?: string;
    }
    const children: ChildProcess[] = [];
    afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')));

    /**
     * Runs the CLI as `npm run serve` does (a plain child, no IPC); resolves once its stdout matches `until` or it
     * exits. `out` and `err` keep growing afterwards.
     */
    function serve(args: string[], until: RegExp): Promise<Served> {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const state: Served = { child, out: '', err: '' };
      return new Promise((resolve) => {
        child.stdout.on('data', (c: Buffer) => {
          state.out += c.toString();
          state.baseUrl = /listening at (\S+)/.exec(state.out)?.[1];
          if (until.test(state.out)) resolve(state);
        });
        child.stderr.on('data', (c: Buffer) => (state.err += c.toString()));
        child.once('close', () => resolve(state));
      });
    }

    /** Stops the child with SIGTERM; its exit code. */
    async function stop(child: ChildProcess): Promise<number | null> {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }

    it('refuses a non-loopback host without a keys file: says why on stderr and exits 1', async () => {
      const r = await serve(['--port', '0', '--host', '0.0.0.0'], /listening/);
      assert.strictEqual(r.child.exitCode, 1);
      assert.match(r.err, /refusing to listen on 0\.0\.0\.0 with the development credentials/);
      assert.strictEqual(r.out, '');
    });

    it('prints its URL, counts, load time and that it accepts the development credentials (never their values); stops on SIGTERM', async () => {
      const r = await serve(['--port', '0'], /loopback only\n/);
      assert.match(r.baseUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(r.out, /\b\d{3,} records, \d+ datasources \(spectra indexed on first use\), loaded in \d+ ms/);
      assert.match(r.out, /accepting the development credentials \(see src\/service\/README\.md\), loopback only/);
      assert.ok(!r.out.includes('compound-db-dev-key') && !r.out.includes('compound-db-dev-token'), 'the key and token are not printed');
      assert.strictEqual((await api(r.baseUrl!, 'GET', 'lookups/datasources')).status, 200);
      assert.strictEqual(await stop(r.child), 0);
    });

    it('applies --keys, --data (twice), --spectra and --rate-limit', async () => {
      const dir = tempDir('cli');
      const keys = path.join(dir, 'keys.json');
      fs.writeFileSync(
        keys,
        JSON.stringify({
          apiKeys: ['cli-key-12345678'],
          tokens: [
            { token: 'cli-sub-12345678', role: 'subscriber' },
            { token: 'cli-user-1234567', role: 'user' },
          ],
        }),
      );
      const spectra = fs.mkdtempSync(path.join(dir, 'spectra-'));
      fs.writeFileSync(path.join(spectra, 'lab.jdx'), '##TITLE=Lab spectrum\n##END=\n');
      fs.writeFileSync(path.join(spectra, 'index.json'), JSON.stringify([{ spc_id: 90001, spc_type: 'IR', csid: 1, file_name: 'lab.jdx' }]));
      const second = path.join(dir, 'second-lab.sdf');
      fs.writeFileSync(second, USER_SDF.replace('Lab compound one', 'Lab compound two'));
      const r = await serve(
        ['--port', '0', '--keys', keys, '--data', sdfFile, '--data', second, '--spectra', spectra, '--rate-limit', '3'],
        /loaded in \d+ ms\n/,
      );
      try {
        assert.ok(r.baseUrl, r.err);
        const url = r.baseUrl!;
        assert.strictEqual((await api(url, 'GET', 'lookups/datasources')).status, 401, 'the development key is refused');
        const sources = await api(url, 'GET', 'lookups/datasources', undefined, 'cli-key-12345678');
        assert.deepStrictEqual(sources.json.dataSources.slice(-2), ['my-lab', 'second-lab']);
        for (let i = 0; i < 2; i++) assert.strictEqual((await api(url, 'GET', 'lookups/datasources', undefined, 'cli-key-12345678')).status, 200);
        const limited = await api(url, 'GET', 'lookups/datasources', undefined, 'cli-key-12345678');
        assert.strictEqual(limited.status, 429);
        assert.ok(Number(limited.headers.get('retry-after')) > 0);
        const spectrum = parseXml((await legacy(url, 'Spectra.asmx/GetSpectrumInfo', [['spc_id', '90001']], 'cli-sub-12345678')).text);
        assert.strictEqual(spectrum.CSSpectrumInfo.file_name, 'lab.jdx');
        assert.strictEqual((await request(`${url}/FilesHandler.ashx?type=blob&disp=1&id=90001`)).text, '##TITLE=Lab spectrum\n##END=\n');
        assert.strictEqual(
          (await legacy(url, 'Spectra.asmx/GetSpectrumInfo', [['spc_id', '90001']], 'cli-user-1234567')).text,
          LEGACY_ERROR_TEXT.unauthorized,
        );
        assert.strictEqual(
          (await legacy(url, 'Search.asmx/SimpleSearch', [['query', 'caffeine']])).text,
          LEGACY_ERROR_TEXT.unauthorized,
          'the development token is refused',
        );
      } finally {
        assert.strictEqual(await stop(r.child), 0);
      }
      assert.doesNotMatch(r.out, /development/, 'no development credentials with a keys file');
    });

    it('sends ready over IPC, prints its counts and dev credentials, and exits when the parent disconnects', async () => {
      const child = fork(CLI, ['--port', '0'], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      children.push(child);
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      const msg = await new Promise<Record<string, unknown>>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Record<string, unknown>));
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      assert.strictEqual(msg.type, 'ready');
      assert.match(String(msg.baseUrl), /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.strictEqual(msg.legacyBaseUrl, msg.baseUrl);
      assert.ok(Number(msg.records) > 500);
      assert.ok(Array.isArray(msg.dataSources));
      assert.strictEqual((await api(String(msg.baseUrl), 'GET', 'lookups/datasources')).status, 200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.disconnect();
      assert.strictEqual(await exited, 0);
      assert.match(out, /listening at http:\/\/127\.0\.0\.1:\d+/);
      assert.match(out, /\d+ records, \d+ datasources \(spectra indexed on first use\), loaded in \d+ ms/);
      assert.match(out, /development credentials/);
    });

    it('sends error over IPC when it cannot start', async () => {
      const child = fork(CLI, ['--port', '0', '--host', '0.0.0.0'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      children.push(child);
      const msg = await new Promise<Record<string, unknown>>((resolve) => child.once('message', (m) => resolve(m as Record<string, unknown>)));
      assert.strictEqual(msg.type, 'error');
      assert.match(String(msg.message), /development credentials/);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      assert.strictEqual(code, 1);
    });
  });
});
