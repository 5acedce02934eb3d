/**
 * Spectrum identification in VS Code: Identify Spectrum into the Searches tree, the mirror plot in the details panel,
 * the details panel's spectra table, and the spectra list (.mgf) with Identify All, hostile spectra and its layout in
 * three themes at 800 px. The query spectrum is a measured spectrum of the shipped library, read from its JCAMP-DX file.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import type { SpectraSnapshot } from '../../../../src/webview/spectra/protocol';
import { SPECTRA_LIST_VIEW_TYPE } from '../../../../src/webview/spectra/protocol';
import { tempDir } from '../../../support/temp';
import { CAFFEINE_KEY, api, closeAllEditors, recordIdByName, run, waitFor } from '../helpers';

interface Library {
  recordId: number;
  spectrumId: number;
  precursorMz: number;
  peaks: Array<[number, number]>;
}

/** The peaks of a JCAMP-DX peak table (`##PEAK TABLE=(XY..XY)`, `x,y` pairs). */
function jcampPeaks(data: string): Array<[number, number]> {
  const table = /##PEAK ?TABLE=\(XY\.\.XY\)\s*\n([\s\S]*?)(?=\n##)/.exec(data);
  assert.ok(table, 'the spectrum has a peak table');
  return [...table[1].matchAll(/(-?[\d.]+(?:[eE][+-]?\d+)?)\s*,\s*(-?[\d.]+(?:[eE][+-]?\d+)?)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Caffeine's first positive-mode tandem spectrum with a precursor, as the library holds it. */
async function caffeineSpectrum(): Promise<Library> {
  const recordId = await recordIdByName('caffeine');
  const infos = await run<Array<{ spc_id: number; comments?: string }>>('compoundDb.legacy.getCompoundSpectraInfo', { recordId });
  for (const info of infos) {
    const precursor = /precursor m\/z (\d+\.\d+) \[M\+H\]\+/.exec(info.comments ?? '');
    if (!precursor || !/MS2/.test(info.comments ?? '')) continue;
    const spectrum = await run<{ data: string }>('compoundDb.legacy.getSpectrum', { spectrumId: info.spc_id });
    const peaks = jcampPeaks(spectrum.data);
    if (peaks.length >= 3) return { recordId, spectrumId: info.spc_id, precursorMz: Number(precursor[1]), peaks };
  }
  throw new Error('caffeine has no [M+H]+ MS2 spectrum with 3 peaks or more');
}

const labelOf = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));

const mgfBlock = (title: string, precursor: number | undefined, lines: string[]) =>
  ['BEGIN IONS', `TITLE=${title}`, ...(precursor === undefined ? [] : [`PEPMASS=${precursor}`]), 'CHARGE=1+', ...lines, 'END IONS', ''].join('\n');

suite('Spectrum identification', () => {
  let dir: string;
  let caffeine: Library;
  suiteSetup(async () => {
    dir = tempDir('spectra');
    caffeine = await caffeineSpectrum();
  });
  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
  });

  test('Identify Spectrum puts the library compound first in the Searches tree, with score and matched peaks', async () => {
    const a = await api();
    const text = caffeine.peaks.map(([mz, i]) => `${mz}\t${i}`).join('\n');
    const state = await run<SearchState>('compoundDb.identifySpectrum', {
      peaks: text,
      precursorMz: caffeine.precursorMz,
      ionMode: 'positive',
      title: 'caffeine test',
    });
    assert.strictEqual(state.error, undefined, state.error);
    assert.strictEqual(state.spec.kind, 'spectrum');
    assert.strictEqual(state.ids[0], caffeine.recordId, 'caffeine is the best hit of its own spectrum');
    assert.ok((state.scores?.[caffeine.recordId] ?? 0) > 0.99, `score ${state.scores?.[caffeine.recordId]}`);
    assert.strictEqual(state.spectrumIds?.[caffeine.recordId] !== undefined, true, 'the best spectrum is named');
    const search = a.treeItems().find((t) => t.node.type === 'search' && t.node.searchId === state.id);
    assert.ok(search, 'the search is in the tree');
    assert.match(labelOf(search.item), /^Spectrum: caffeine test · \d+ peaks, precursor/);
    await waitFor(() => a.searches().find((s) => s.id === state.id)?.labels[caffeine.recordId], 'the result names');
    const [first] = a.treeItems(search.node);
    assert.match(labelOf(first.item), /^Caffeine \(1\.0000 · \d+ peaks?\)$|^Caffeine \(0\.99\d\d · \d+ peaks?\)$/, labelOf(first.item));
    const tip = (first.item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ');
    assert.match(tip, /Entropy similarity/);
    assert.match(tip, /peaks matched/);
    assert.match(tip, /\d\.\d\d: in this library, \d+(\.\d)? % of best hits at or above 0\.\d+ were wrong/, 'the score says what it means');
  });

  test('the same search with a peak list typed as m/z:intensity pairs, and one the service refuses names the rule', async () => {
    const pairs = caffeine.peaks.map(([mz, i]) => `${mz}:${i}`).join(' ');
    const state = await run<SearchState>('compoundDb.identifySpectrum', { peaks: pairs, precursorMz: caffeine.precursorMz });
    assert.strictEqual(state.ids[0], caffeine.recordId);
    await assert.rejects(run('compoundDb.identifySpectrum', { peaks: '', precursorMz: 195 }), /empty|no spectrum/i);
    await assert.rejects(run('compoundDb.identifySpectrum', { peaks: '195.08 NaN\n138.06 20', precursorMz: 195 }), /line 1/);
    await assert.rejects(run('compoundDb.identifySpectrum', { peaks: '195.08 100\n-138.06 20', precursorMz: 195 }), /line 2/);
  });

  test('a result opens the mirror plot: query above, library below, matched peaks, labels', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.identifySpectrum', {
      peaks: caffeine.peaks,
      precursorMz: caffeine.precursorMz,
      title: 'mirror test',
    });
    const node = { type: 'result', searchId: state.id, recordId: caffeine.recordId } as const;
    await run('compoundDb.searches.openDetails', node);
    const shown = await a.details.rendered(caffeine.recordId);
    const match = shown.match;
    assert.ok(match, 'the details panel shows the spectrum match');
    assert.strictEqual(match.points, caffeine.peaks.length, 'every query peak is drawn above');
    assert.ok(match.libraryPoints > 0, 'the library spectrum is drawn below');
    assert.strictEqual(match.yHighest, 100, 'the query is relative to its base peak');
    assert.strictEqual(match.yLowest, -100, 'the library spectrum is relative to its base peak, downwards');
    assert.ok((match.yBottom ?? 0) < -100 && match.yTop > 100, 'neither side is clipped');
    assert.ok((match.matched ?? 0) >= 2, `matched peaks drawn in the matched colour: ${match.matched}`);
    assert.ok(match.labels.length >= 2, 'the largest peaks are labelled');
    assert.ok(
      match.details.some((d) => /entropy similarity/.test(d)),
      match.details.join(' | '),
    );
  });

  test('the mirror plot is drawn again when the details panel is restored after a reload', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.identifySpectrum', {
      peaks: caffeine.peaks,
      precursorMz: caffeine.precursorMz,
      title: 'reload test',
    });
    await run('compoundDb.searches.openDetails', { type: 'result', searchId: state.id, recordId: caffeine.recordId } as const);
    const before = await a.details.rendered(caffeine.recordId);
    assert.ok(before.match && before.saved?.spectrumMatch, 'the page keeps what the mirror plot was drawn from');
    await a.details.restore();
    const after = await a.details.rendered(caffeine.recordId);
    assert.ok(after.match, 'the restored panel shows the mirror plot again');
    assert.strictEqual(after.match.points, before.match.points);
    assert.strictEqual(after.match.libraryPoints, before.match.libraryPoints);
    assert.strictEqual(after.match.matched, before.match.matched);
  });

  test('the details panel lists spectra as a table: type, MS level, precursor, adduct, collision energy, instrument', async () => {
    const a = await api();
    await run('compoundDb.showDetails', { recordId: caffeine.recordId });
    const shown = await a.details.rendered(caffeine.recordId);
    assert.ok(shown.spectra.length > 0);
    assert.ok(
      shown.spectra.some((row) => /ESI\+ · MS2 · \d+\.\d{4} · \[M\+H\]\+ · .+ · .+/.test(row)),
      shown.spectra.slice(0, 3).join(' | '),
    );
    const plotted = await a.details.plot(caffeine.spectrumId);
    assert.strictEqual(plotted.plot?.id, caffeine.spectrumId);
  });

  test('the hover of a record says how many measured spectra it has', async () => {
    const infos = await run<unknown[]>('compoundDb.legacy.getCompoundSpectraInfo', { recordId: caffeine.recordId });
    const file = path.join(dir, 'hover.txt');
    fs.writeFileSync(file, `Caffeine: ${CAFFEINE_KEY}\n`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      vscode.Uri.file(file),
      new vscode.Position(0, 14),
    );
    const text = hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
      .join('\n')
      .replace(/&nbsp;/g, ' ');
    assert.match(text, new RegExp(`${infos.length} measured spectr(um|a)`), text);
  });

  suite('spectra list', () => {
    let key: string;
    let uri: vscode.Uri;
    suiteSetup(async () => {
      const lines = caffeine.peaks.map(([mz, i]) => `${mz} ${i}`);
      const file = path.join(dir, 'run.mgf');
      const blocks = [
        mgfBlock('caffeine [M+H]+', caffeine.precursorMz, lines),
        mgfBlock('empty', 200, []),
        mgfBlock('not a number', 200, ['100.1 NaN']),
        mgfBlock('negative', 200, ['100.1 -5']),
        mgfBlock('no precursor (open search)', undefined, lines),
        mgfBlock('long line', 200, [`100.1 ${'9'.repeat(5 * 1024 * 1024)}`]),
        mgfBlock(
          'too many peaks',
          2000,
          Array.from({ length: 100_000 }, (_, i) => `${(50 + i * 0.01).toFixed(2)} 10`),
        ),
        mgfBlock('after the bad ones', caffeine.precursorMz, lines),
        ['BEGIN IONS', 'TITLE=unclosed', 'PEPMASS=300', '100 5', ''].join('\n'),
      ];
      fs.writeFileSync(file, blocks.join(''));
      uri = vscode.Uri.file(file);
      key = uri.toString();
      await vscode.commands.executeCommand('vscode.openWith', uri, SPECTRA_LIST_VIEW_TYPE);
    });

    const lists = async () => (await api()).spectraLists;
    const read = async () =>
      waitFor(async () => {
        const s = (await lists()).state(key);
        return s && !s.read.reading ? s : undefined;
      }, 'the spectra list to read the file');

    test('lists every spectrum, and each bad one with the rule it breaks and its line, the others still readable', async () => {
      const state = await read();
      assert.strictEqual(state.rows, 9, 'one row per spectrum, readable or not');
      const shown = await waitFor(async () => {
        const s = await (await lists()).rendered(key);
        return s.rows === 9 ? s : undefined;
      }, 'the rows on the page');
      assert.strictEqual(shown.errors, 6, 'empty, NaN, negative, 5 MB line, 100,000 peaks, unclosed');
      await (await lists()).identifyAll(key);
      const after = (await lists()).state(key);
      assert.ok(after);
      const byIndex = new Map(after.hits.map((h) => [h.index, h]));
      assert.strictEqual(byIndex.get(1)?.recordId, caffeine.recordId, 'the first spectrum is caffeine');
      assert.strictEqual(byIndex.get(8)?.recordId, caffeine.recordId, 'a spectrum after the bad ones still answers');
      assert.ok(byIndex.get(5)?.recordId !== undefined, 'a spectrum without precursor gets an open search');
      for (const [i, rule] of [
        [2, /no peaks/],
        [3, /NaN|not a peak|number/i],
        [4, /negative/],
        [6, /longer than/],
        [7, /at most 10000|more than 10000/],
        [9, /END IONS|ends inside|unclosed|not closed/i],
      ] as Array<[number, RegExp]>) {
        const hit = byIndex.get(i);
        assert.ok(hit?.message, `spectrum ${i} says why it cannot be searched`);
        assert.match(hit.message, rule);
        assert.match(hit.message, /line \d+/, `spectrum ${i}'s message names its line: ${hit.message}`);
        assert.match(hit.message, new RegExp(`spectrum ${i}\\b`), `spectrum ${i}'s message names the spectrum: ${hit.message}`);
      }
      const selected = await (await lists()).select(key, 1);
      assert.strictEqual(selected.selected, 1);
      assert.ok(selected.plot && selected.plot.libraryPoints > 0, 'the row with a hit shows the mirror plot');
      assert.ok((selected.plot.matched ?? 0) >= 2, 'matched peaks are drawn');
    });

    /** Where everything is drawn: inside the page, buttons apart and visible. */
    function checkLayout(s: SpectraSnapshot, where: string): void {
      assert.ok(s.contentWidth <= s.viewportWidth + 1, `${where}: nothing is cut (content ${s.contentWidth} px, page ${s.viewportWidth} px)`);
      const buttons = s.boxes.filter((b) => !b.name.startsWith('header') && b.name !== 'table' && b.name !== 'plot');
      for (const b of [...buttons, ...s.boxes.filter((x) => x.name.startsWith('header'))]) {
        assert.ok(b.visible, `${where}: ${b.name} is visible`);
        assert.ok(b.x >= 0 && b.x + b.width <= s.viewportWidth + 1, `${where}: ${b.name} lies inside the page (${JSON.stringify(b)})`);
      }
      for (let i = 0; i < buttons.length; i++)
        for (let j = i + 1; j < buttons.length; j++) {
          const [p, q] = [buttons[i], buttons[j]];
          const apart = p.x + p.width <= q.x + 0.5 || q.x + q.width <= p.x + 0.5 || p.y + p.height <= q.y + 0.5 || q.y + q.height <= p.y + 0.5;
          assert.ok(apart, `${where}: ${p.name} and ${q.name} do not overlap`);
        }
      // A spectrum is known by its title: its column stays readable (about 15 characters), beside the plot too.
      const title = s.boxes.find((b) => b.name === 'header Title');
      assert.ok(title && title.width >= 110, `${where}: the Title column is ${title?.width ?? 0} px wide (at least 110 px)`);
      const table = s.boxes.find((b) => b.name === 'table');
      const plot = s.boxes.find((b) => b.name === 'plot');
      assert.ok(table && plot);
      const apart =
        table.y + table.height <= plot.y + 0.5 ||
        plot.y + plot.height <= table.y + 0.5 ||
        table.x + table.width <= plot.x + 0.5 ||
        plot.x + plot.width <= table.x + 0.5;
      assert.ok(apart || table.height > 0, `${where}: the table and the plot do not overlap`);
    }

    for (const theme of ['Default Dark Modern', 'Default Light Modern', 'Default High Contrast']) {
      test(`at 800 px in ${theme} and at the whole width (beside the plot): nothing cut, nothing overlapping, every button visible, the title readable`, async () => {
        const config = vscode.workspace.getConfiguration('workbench');
        const before = config.inspect<string>('colorTheme')?.globalValue;
        await config.update('colorTheme', theme, vscode.ConfigurationTarget.Global);
        try {
          await read();
          // the editor group at about 800 px: its share of the editor area, measured from the page itself
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 1 }] });
          const full = (await (await lists()).rendered(key)).viewportWidth;
          if (full > 820)
            await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 800 }, { size: full - 800 }] });
          const s = await waitFor(async () => {
            const shown = await (await lists()).select(key, 1);
            return shown.theme && Math.abs(shown.viewportWidth - Math.min(800, full)) < 60 ? shown : undefined;
          }, 'the spectra list at 800 px');
          console.log(`    spectra list layout: ${theme}, page ${s.viewportWidth} px wide`);
          checkLayout(s, `${theme} at ${s.viewportWidth} px`);
          // and at the editor's whole width (the table beside the plot from 1,000 px)
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 1 }] });
          const whole = await waitFor(async () => {
            const shown = await (await lists()).select(key, 1);
            return Math.abs(shown.viewportWidth - full) < 60 ? shown : undefined;
          }, 'the spectra list at the whole width');
          const table = whole.boxes.find((b) => b.name === 'table');
          const plot = whole.boxes.find((b) => b.name === 'plot');
          console.log(
            `    spectra list layout: ${theme}, page ${whole.viewportWidth} px wide, the table ${table && plot && plot.x >= table.x + table.width ? 'beside' : 'above'} the plot`,
          );
          checkLayout(whole, `${theme} at ${whole.viewportWidth} px`);
        } finally {
          await config.update('colorTheme', before, vscode.ConfigurationTarget.Global);
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 1 }] });
        }
      });
    }
  });

  test('10,000 spectra are listed and identified (times printed beside the targets; bounds generous: the machine is shared)', async function () {
    this.timeout(240_000);
    const lines = caffeine.peaks.map(([mz, i]) => `${mz} ${i}`);
    const file = path.join(dir, 'ten-thousand.mgf');
    const out = fs.openSync(file, 'w');
    for (let i = 0; i < 10_000; i++) {
      // each spectrum a little different: intensities jittered, so no two queries are the same
      const jittered = lines.map((l) => {
        const [mz, intensity] = l.split(' ').map(Number);
        return `${mz} ${(intensity * (0.8 + ((i * 7919 + mz * 13) % 41) / 100)).toFixed(1)}`;
      });
      fs.writeSync(out, mgfBlock(`scan ${i + 1}`, caffeine.precursorMz, jittered));
    }
    fs.closeSync(out);
    const listUri = vscode.Uri.file(file);
    const listKey = listUri.toString();
    const opened = performance.now();
    await vscode.commands.executeCommand('vscode.openWith', listUri, SPECTRA_LIST_VIEW_TYPE);
    const lists = (await api()).spectraLists;
    await waitFor(
      async () => {
        const s = lists.state(listKey);
        return s && !s.read.reading && (await lists.rendered(listKey)).rows === 10_000 ? true : undefined;
      },
      '10,000 rows',
      120_000,
    );
    const listedMs = performance.now() - opened;
    // Bounds for a shared 2-core machine; the targets (2 s, 15 s) are printed beside the figures.
    assert.ok(listedMs < 60_000, `listed in ${listedMs.toFixed(0)} ms`);
    const page = await lists.rendered(listKey);
    console.log(
      `    spectra list: 10,000 spectra listed in ${(listedMs / 1000).toFixed(1)} s [target <= 2 s: ${listedMs <= 2000 ? 'met' : 'NOT met'}] ` +
        `(file read by the host in ${((lists.state(listKey)?.read.readMs ?? 0) / 1000).toFixed(1)} s, rows built by the page in ${(page.rowsMs / 1000).toFixed(1)} s)`,
    );
    const started = performance.now();
    await lists.identifyAll(listKey);
    const identifiedMs = performance.now() - started;
    assert.ok(identifiedMs < 120_000, `identified in ${identifiedMs.toFixed(0)} ms`);
    const state = lists.state(listKey);
    assert.strictEqual(state?.identify?.done, 10_000);
    assert.strictEqual(state?.hits.filter((h) => h.recordId === caffeine.recordId).length, 10_000);
    console.log(
      `    spectra list: 10,000 spectra identified in ${(identifiedMs / 1000).toFixed(1)} s [target <= 15 s: ${identifiedMs <= 15_000 ? 'met' : 'NOT met'}]`,
    );
  });
});
