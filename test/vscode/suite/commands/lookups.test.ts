import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RecordDetails } from '../../../../src/wire';
import { CAFFEINE_KEY, ETHANOL_KEY, api, closeAllEditors, recordIdByName, run, waitFor } from '../helpers';
import { tempDir } from '../../../support/temp';

/** Every lookup command of both interfaces, run with its inputs as arguments against the built-in database. */
suite('Lookups against the built-in database', () => {
  let caffeine: number;
  suiteSetup(async () => {
    caffeine = await recordIdByName('caffeine');
  });
  suiteTeardown(closeAllEditors);

  test('details, batch, references, image, MOL, datasources', async () => {
    const view = await run<{ title: string; recordId: number }>('compoundDb.showDetails', { recordId: caffeine });
    assert.strictEqual(view.title, 'Caffeine');
    const [record] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] });
    assert.strictEqual(record.id, caffeine);
    assert.strictEqual(record.formula?.replace(/[_{}]/g, ''), 'C8H10N4O2');
    const refs = await run<Array<{ source: string }>>('compoundDb.getExternalReferences', { recordId: caffeine });
    assert.ok(refs.length > 0 && typeof refs[0].source === 'string');
    const image = await run<{ uri: string; bytes: number }>('compoundDb.getImage', { recordId: caffeine });
    const png = await vscode.workspace.fs.readFile(vscode.Uri.parse(image.uri));
    assert.deepStrictEqual([...png.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.strictEqual(png.length, image.bytes);
    assert.match(await run<string>('compoundDb.getMol', { recordId: caffeine }), /M {2}END/);
    assert.ok((await run<string[]>('compoundDb.getDatasources', {})).length > 0);
  });

  test('convert and validate InChIKey', async () => {
    assert.strictEqual(
      await run('compoundDb.convert', { input: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', inputFormat: 'InChI', outputFormat: 'InChIKey' }),
      ETHANOL_KEY,
    );
    assert.strictEqual(await run('compoundDb.validateInchikey', { inchikey: CAFFEINE_KEY }), true);
    await assert.rejects(run('compoundDb.convert', { input: 'CCO', inputFormat: 'SMILES', outputFormat: 'Mol' }), /not allowed/);
  });

  test('query status, results and SDF by query ID', async () => {
    const state = await run<{ queryId: string; ids: number[] }>('compoundDb.searchByInchikey', { inchikey: CAFFEINE_KEY });
    assert.deepStrictEqual(state.ids, [caffeine]);
    const status = await run<{ status: string; count: number }>('compoundDb.queryStatus', { queryId: state.queryId });
    assert.strictEqual(status.status, 'Complete');
    assert.strictEqual(status.count, 1);
    const page = await run<{ results: number[] }>('compoundDb.queryResults', { queryId: state.queryId });
    assert.deepStrictEqual(page.results, [caffeine]);
    const file = path.join(tempDir('query'), 'results.sdf');
    const saved = await run<{ records: number }>('compoundDb.queryResultsSdf', { queryId: state.queryId, uri: vscode.Uri.file(file).toString() });
    assert.strictEqual(saved.records, 1);
    assert.match(fs.readFileSync(file, 'utf8'), /M {2}END[\s\S]*\$\$\$\$/);
  });

  test('older interface: compound info, extended info, MOL, thumbnail, databases', async () => {
    const info = await run<{ InChIKey: string; CSID: number }>('compoundDb.legacy.getCompoundInfo', { recordId: caffeine });
    assert.strictEqual(info.InChIKey, CAFFEINE_KEY);
    const ext = await run<{ CommonName: string; MF: string }>('compoundDb.legacy.getExtendedCompoundInfo', { recordId: caffeine });
    assert.strictEqual(ext.CommonName, 'Caffeine');
    const list = await run<unknown[]>('compoundDb.legacy.getExtendedCompoundInfoList', { recordIds: [caffeine] });
    assert.strictEqual(list.length, 1);
    const molList = await run<Array<{ MOL2d?: string; MOL3d?: string }>>('compoundDb.legacy.getExtendedMolCompoundInfoList', {
      recordIds: [caffeine],
      molType: 'both',
    });
    assert.match(molList[0].MOL2d ?? '', /M {2}END/);
    assert.match(molList[0].MOL3d ?? '', /M {2}END/);
    assert.match(await run<string>('compoundDb.legacy.getRecordMol', { recordId: caffeine }), /M {2}END/);
    assert.match(await run<string>('compoundDb.legacy.getOriginalMol', { recordId: caffeine }), /M {2}END/);
    const thumb = await run<{ bytes: number }>('compoundDb.legacy.getCompoundThumbnail', { recordId: caffeine });
    assert.ok(thumb.bytes > 100);
    assert.ok((await run<string[]>('compoundDb.legacy.getDatabases', {})).length > 0);
  });

  test('older interface: simple and async searches by transaction ID', async () => {
    const simple = await run<{ ids: number[] }>('compoundDb.legacy.simpleSearch', { query: 'caffeine' });
    assert.ok(simple.ids.includes(caffeine));
    const async = await run<{ queryId: string; ids: number[]; status: string }>('compoundDb.legacy.asyncSimpleSearch', { query: 'caffeine' });
    assert.strictEqual(async.status, 'ResultReady');
    assert.ok(async.ids.includes(caffeine));
    const rid = async.queryId;
    assert.strictEqual(await run('compoundDb.legacy.getAsyncSearchStatus', { transactionId: rid }), 'ResultReady');
    const sc = await run<{ Status: string; Count: number }>('compoundDb.legacy.getAsyncSearchStatusAndCount', { transactionId: rid });
    assert.strictEqual(sc.Status, 'ResultReady');
    assert.strictEqual(sc.Count, async.ids.length);
    assert.deepStrictEqual(await run('compoundDb.legacy.getAsyncSearchResult', { transactionId: rid }), async.ids);
    assert.deepStrictEqual(
      await run('compoundDb.legacy.getAsyncSearchResultPart', { transactionId: rid, start: 0, count: 1 }),
      async.ids.slice(0, 1),
    );
  });

  test('older interface: spectra', async () => {
    // The built-in database has tens of thousands of spectra: the all-spectra operations are exercised by the service
    // suite; here one record's.
    const infos = await run<Array<{ spc_id: number; csid: number; spc_type: string }>>('compoundDb.legacy.getCompoundSpectraInfo', {
      recordId: await recordIdByName('caffeine'),
    });
    assert.ok(infos.length > 0);
    const first = infos[0];
    const info = await run<{ spc_id: number; spc_type: string }>('compoundDb.legacy.getSpectrumInfo', { spectrumId: first.spc_id });
    assert.strictEqual(info.spc_type, first.spc_type);
    const spectrum = await run<{ id: number; spectrum_type: string; data: string; record_id: number }>('compoundDb.legacy.getSpectrum', {
      spectrumId: first.spc_id,
    });
    assert.strictEqual(spectrum.spectrum_type, first.spc_type);
    assert.match(spectrum.data, /##TITLE=/);
    const spectra = await run<Array<{ id: number }>>('compoundDb.legacy.getSpectra', { spectrumIds: [first.spc_id] });
    assert.deepStrictEqual(
      spectra.map((s) => s.id),
      [first.spc_id],
    );
    const ofRecord = await run<Array<{ id: number }>>('compoundDb.legacy.getCompoundSpectra', { recordId: first.csid });
    assert.ok(ofRecord.some((s) => s.id === first.spc_id));
    const infoOfRecord = await run<Array<{ spc_id: number }>>('compoundDb.legacy.getCompoundSpectraInfo', { recordId: first.csid });
    assert.ok(infoOfRecord.some((s) => s.spc_id === first.spc_id));
    const infoList = await run<Array<{ spc_id: number }>>('compoundDb.legacy.getSpectraInfoList', { recordIds: [first.csid] });
    assert.ok(infoList.some((s) => s.spc_id === first.spc_id));
  });

  test('server commands: log, restart of the built-in database', async () => {
    await run('compoundDb.showLog', {});
    const before = await run<{ baseUrl: string }>('compoundDb.useBuiltInDatabase', {});
    const after = await run<{ baseUrl: string }>('compoundDb.restartLocalService', {});
    assert.ok(after.baseUrl.startsWith('http://127.0.0.1:'));
    assert.notStrictEqual(after.baseUrl, before.baseUrl, 'a restarted service listens on a new port');
    assert.strictEqual((await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] }))[0].commonName, 'Caffeine');
  });

  test('the built-in database is started again when its process dies', async () => {
    const a = await api();
    await run('compoundDb.useBuiltInDatabase', {});
    const { pid, info } = a.localService();
    assert.ok(pid && info);
    process.kill(pid, 'SIGKILL');
    await waitFor(() => a.localService().state === 'running' && a.localService().pid !== pid, 'the built-in database to restart', 60_000);
    assert.strictEqual((await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] }))[0].commonName, 'Caffeine');
  });
});
