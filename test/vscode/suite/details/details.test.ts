import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import type { DetailsView } from '../../../../src/webview/protocol';
import type { RecordDetails } from '../../../../src/wire';
import { CAFFEINE_KEY, api, closeAllEditors, recordIdByName, run, setSetting, waitFor } from '../helpers';
import { tempDir } from '../../../support/temp';

const XSS_NAME = '<img src=x onerror=alert(1)>';

suite('Details webview', () => {
  suiteTeardown(closeAllEditors);

  test('shows every details field, identifiers, references, MOL blocks and an image', async () => {
    const a = await api();
    const id = await recordIdByName('caffeine');
    const [record] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [id] });
    const view = await run<DetailsView>('compoundDb.showDetails', { recordId: id });
    const shown = await a.details.rendered(id);

    assert.strictEqual(shown.title, 'Caffeine');
    assert.strictEqual(shown.fields.CommonName, 'Caffeine');
    assert.strictEqual(shown.fields.Formula, 'C₈H₁₀N₄O₂', 'subscripts, as in the tree and the record pick');
    assert.strictEqual(shown.identifiers.Formula, 'C8H10N4O2', 'plain where it is copied');
    assert.strictEqual(shown.fields.SMILES, record.smiles);
    assert.strictEqual(shown.fields.MonoisotopicMass, String(record.monoisotopicMass));
    assert.strictEqual(shown.fields.NominalMass, String(record.nominalMass));
    assert.strictEqual(Object.keys(shown.fields).length, 13, 'all thirteen details fields');
    assert.strictEqual(shown.identifiers['Record ID'], String(id));
    assert.strictEqual(shown.identifiers.InChIKey, CAFFEINE_KEY);
    assert.match(shown.identifiers.InChI, /^InChI=1S\/C8H10N4O2\//);
    assert.strictEqual(shown.references.length, view.externalReferences.length);
    assert.ok(shown.references.length > 0);
    assert.ok(shown.imageShown, 'the structure image is shown');
    assert.strictEqual(shown.imgCount, 1);
    assert.strictEqual(shown.mol2D, record.mol2D, 'the 2D MOL block exactly');
    assert.strictEqual(shown.mol3D, record.mol3D, 'the 3D MOL block exactly');
    assert.deepStrictEqual(shown.problems, []);
  });

  test('a record that cannot be loaded leaves the record shown before in place', async () => {
    const a = await api();
    const id = await recordIdByName('caffeine');
    await run('compoundDb.showDetails', { recordId: id });
    await a.details.rendered(id);
    await assert.rejects(run('compoundDb.showDetails', { recordId: 999999999 }), /999999999|not found/i);
    assert.strictEqual((await a.details.rendered()).recordId, id);
    // Tab labels reach the extension host a moment after the panel's title is set back.
    const webviewTitles = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview)
        .map((t) => t.label);
    await waitFor(() => (webviewTitles().join('|') === 'Caffeine' ? true : undefined), 'the details tab titled Caffeine again', 5_000).catch(
      () => undefined,
    );
    assert.deepStrictEqual(webviewTitles(), ['Caffeine']);
  });

  test('a record that cannot be loaded into no panel opens no tab: the error is the toast alone', async () => {
    await closeAllEditors();
    await assert.rejects(run('compoundDb.showDetails', { recordId: 999999999 }), /999999999|not found/i);
    const webviews = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);
    await waitFor(() => (webviews().length === 0 ? true : undefined), 'the failed panel to close', 5_000).catch(() => undefined);
    assert.deepStrictEqual(
      webviews().map((t) => t.label),
      [],
      'no "Not Found" tab beside the toast',
    );
  });

  test('lists the measured spectra of a record and plots one: sticks, axis titles, labels, precursor, zoom', async () => {
    const a = await api();
    const id = await recordIdByName('caffeine');
    const infos = await run<Array<{ spc_id: number; csid: number; comments: string }>>('compoundDb.legacy.getCompoundSpectraInfo', { recordId: id });
    const tandem = infos.find((i) => /precursor m\/z/.test(i.comments) && /collision energy/.test(i.comments));
    assert.ok(tandem, 'caffeine has a tandem spectrum with precursor and collision energy');
    await run('compoundDb.showDetails', { recordId: id });
    const shown = await a.details.rendered(id);
    assert.strictEqual(shown.spectra.length, infos.length, 'every spectrum is listed');
    const plotted = await a.details.plot(tandem.spc_id);
    const plot = plotted.plot!;
    assert.strictEqual(plot.id, tandem.spc_id);
    assert.ok(plot.points > 0, 'the plot has peaks');
    assert.strictEqual(plot.xLabel, 'm/z');
    assert.strictEqual(plot.yLabel, 'Relative abundance (%)');
    assert.strictEqual(plot.yHighest, 100, 'the base peak is drawn at 100 %');
    assert.ok(plot.yTop > plot.yHighest, 'the y-axis reaches above the base peak: it is not clipped');
    assert.ok(plot.labels.length >= 1, 'the largest peaks are labelled');
    assert.ok(
      plot.details.some((d) => /precursor m\/z/.test(d)),
      plot.details.join(' | '),
    );
    assert.ok(
      plot.details.some((d) => /collision energy/.test(d)),
      plot.details.join(' | '),
    );
    assert.ok(
      plot.details.some((d) => /licence/.test(d)),
      'the licence is shown',
    );
    const [x0, x1] = plot.range;
    const zoom: [number, number] = [x0 + (x1 - x0) / 4, x1 - (x1 - x0) / 4];
    const zoomed = await a.details.plot(tandem.spc_id, zoom);
    assert.deepStrictEqual(zoomed.plot?.range, zoom, 'the plot zooms to the asked m/z range');
  });

  test('the older interface spectrum command opens the plot', async () => {
    const a = await api();
    const id = await recordIdByName('caffeine');
    const [info] = await run<Array<{ spc_id: number }>>('compoundDb.legacy.getCompoundSpectraInfo', { recordId: id });
    const spectrum = await run<{ id: number; record_id: number }>('compoundDb.legacy.getSpectrum', { spectrumId: info.spc_id });
    assert.strictEqual(spectrum.record_id, id);
    const shown = await a.details.rendered(id);
    assert.strictEqual(shown.plot?.id, info.spc_id, 'the details panel plots the spectrum');
  });

  test('a compound named like HTML shows as text', async () => {
    const a = await api();
    const mol = await run<string>('compoundDb.convert', {
      input: await run<string>('compoundDb.convert', { input: 'N#CC#CC(Br)(Cl)C(F)(F)C(F)(F)F', inputFormat: 'SMILES', outputFormat: 'InChI' }),
      inputFormat: 'InChI',
      outputFormat: 'Mol',
    });
    const sdfPath = path.join(tempDir('xss'), 'xss.sdf');
    fs.writeFileSync(sdfPath, `${mol.endsWith('\n') ? mol : `${mol}\n`}> <Name>\n${XSS_NAME}\n\n$$$$\n`);
    const before = a.localService().info?.baseUrl;
    await setSetting('localService.dataFiles', [sdfPath]);
    try {
      await waitFor(
        () => a.localService().state === 'running' && a.localService().info?.baseUrl !== before,
        'the built-in database to restart with the SDF',
        60_000,
      );
      const found = await run<SearchState>('compoundDb.searchByName', { name: XSS_NAME });
      assert.strictEqual(found.ids.length, 1, found.error);
      const tree = a.treeItems({ type: 'search', searchId: found.id } as never);
      assert.strictEqual(tree[0].item.label, XSS_NAME);

      await run('compoundDb.showDetails', { recordId: found.ids[0] });
      const shown = await a.details.rendered(found.ids[0]);
      assert.strictEqual(shown.title, XSS_NAME);
      assert.strictEqual(shown.fields.CommonName, XSS_NAME);
      assert.strictEqual(shown.imgCount, 1, 'no <img> element came from the name');
    } finally {
      await setSetting('localService.dataFiles', undefined);
    }
  });
});
