/**
 * Checks that see the screen: each webview reports what a person would see wrong on its laid-out page
 * (`src/webview/layoutAudit.ts`: a control over another or over text, an image outside its card, something cut
 * at the right edge, a button with neither border nor background). Every page is read in Dark Modern, Light
 * Modern and High Contrast, wide and as narrow as an 800 px window leaves it beside the side bar.
 * Last in the suite (file order): it switches themes and editor layouts, and opens notebooks, so nothing runs after it.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LayoutReport, RenderedSnapshot } from '../../../../src/webview/protocol';
import { GRID_EDITOR_VIEW_TYPE, type GridSnapshot } from '../../../../src/grid/protocol';
import { api, closeAllEditors, nextNotebookGrid, recordIdByName, run, waitFor, workspaceFile } from '../helpers';

const THEMES: Record<string, string> = {
  'Default Dark Modern': 'vscode-dark',
  'Default Light Modern': 'vscode-light',
  'Default High Contrast': 'vscode-high-contrast',
};

/** Widths of the page: the editor area alone (about 1100 px here), and beside a text editor (about 500 px). */
type Width = 'wide' | 'narrow';
const NARROW_MAX = 620;
const WIDE_MIN = 900;

/** Switches the color theme; a theme already in use is not written again (each write is a round trip through the settings file). */
async function useTheme(name: string): Promise<void> {
  const workbench = vscode.workspace.getConfiguration('workbench');
  if (workbench.inspect<string>('colorTheme')?.globalValue === name) return;
  await workbench.update('colorTheme', name, vscode.ConfigurationTarget.Global);
}

/** Opens the details of `recordId` alone in the editor area, or beside a text editor in a narrow column. */
async function showDetails(recordId: number, width: Width): Promise<void> {
  await closeAllEditors();
  await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
  if (width === 'narrow') await vscode.window.showTextDocument(workspaceFile('compounds.py'), { viewColumn: vscode.ViewColumn.One });
  await run('compoundDb.showDetails', { recordId });
  if (width === 'narrow')
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 0.55 }, { size: 0.45 }] });
}

/**
 * The panel's report once it is in `theme` at `width` with nothing wrong, or, after the wait, the last report
 * (so the failure lists what is wrong). Images decode and the page re-lays out after a resize: the wait covers that.
 */
async function settled(read: () => Promise<RenderedSnapshot>, theme: string, width: Width): Promise<RenderedSnapshot> {
  let last: RenderedSnapshot | undefined;
  const fits = (l: LayoutReport) => (width === 'narrow' ? l.width <= NARROW_MAX : l.width >= WIDE_MIN);
  await waitFor(
    async () => {
      last = await read();
      return last.theme === THEMES[theme] && fits(last.layout) && last.layout.problems.length === 0 ? last : undefined;
    },
    `the details panel to lay out in ${theme}, ${width}`,
    15_000,
  ).catch(() => undefined);
  assert.ok(last, 'the panel answered');
  return last;
}

function check(shown: RenderedSnapshot, theme: string, width: Width): void {
  const where = `${theme}, ${width} (${shown.layout.width} px)`;
  assert.strictEqual(shown.theme, THEMES[theme], `the page took the theme: ${where}`);
  if (width === 'narrow') assert.ok(shown.layout.width <= NARROW_MAX, `narrower than an 800 px window leaves it: ${where}`);
  else assert.ok(shown.layout.width >= WIDE_MIN, `wide: ${where}`);
  assert.deepStrictEqual(shown.layout.problems, [], `nothing wrong on screen in ${where}`);
  console.log(`    details of record ${shown.recordId}: ${where}, ${shown.buttons.length} buttons, no layout problem`);
}

suite('Layout of the webviews, as a person sees it', () => {
  let themeBefore: string | undefined;
  suiteSetup(() => {
    themeBefore = vscode.workspace.getConfiguration('workbench').inspect<string>('colorTheme')?.globalValue;
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', themeBefore, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
  });

  for (const theme of Object.keys(THEMES)) {
    for (const width of ['wide', 'narrow'] as const) {
      test(`details with spectra (one plotted) and without: ${theme}, ${width}`, async () => {
        const a = await api();
        await useTheme(theme);
        const caffeine = await recordIdByName('caffeine');
        const bare = await recordWithoutSpectra();
        await showDetails(caffeine, width);
        const withSpectra = await a.details.rendered(caffeine);
        assert.ok(withSpectra.spectra.length > 0, 'caffeine has spectra');
        const plotted = await a.details.plot(firstSpectrum(withSpectra));
        assert.ok(plotted.plot, 'a spectrum is plotted');
        check(await settled(() => a.details.rendered(caffeine), theme, width), theme, width);

        // The next record in the same panel, as a click on another result shows it: no spectra section left behind.
        await run('compoundDb.showDetails', { recordId: bare });
        const without = await settled(() => a.details.rendered(bare), theme, width);
        assert.deepStrictEqual(without.spectra, [], 'a record with no spectra');
        check(without, theme, width);
      });

      test(`the structure grid of an SDF file and a notebook's outputs: ${theme}, ${width}`, async () => {
        const a = await api();
        await useTheme(theme);
        await closeAllEditors();
        await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
        if (width === 'narrow') await vscode.window.showTextDocument(workspaceFile('compounds.py'), { viewColumn: vscode.ViewColumn.One });
        const sdf = workspaceFile('structures.sdf');
        await vscode.commands.executeCommand('vscode.openWith', sdf, GRID_EDITOR_VIEW_TYPE, width === 'narrow' ? vscode.ViewColumn.Two : undefined);
        if (width === 'narrow')
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 0.55 }, { size: 0.45 }] });
        const fits = (l: LayoutReport) => (width === 'narrow' ? l.width <= NARROW_MAX : l.width >= WIDE_MIN);
        let grid: GridSnapshot | undefined;
        await waitFor(
          async () => {
            grid = await a.grids.rendered(sdf.toString(), (g) => g.drawn > 0);
            return fits(grid.layout) && grid.layout.problems.length === 0 ? grid : undefined;
          },
          `the grid to lay out in ${theme}, ${width}`,
          15_000,
        ).catch(() => undefined);
        assert.ok(grid);
        assert.ok(fits(grid.layout), `${width}: ${grid.layout.width} px`);
        assert.deepStrictEqual(grid.layout.problems, [], `nothing wrong on the grid in ${theme}, ${width} (${grid.layout.width} px)`);
        console.log(`    structure grid: ${theme}, ${width} (${grid.layout.width} px), no layout problem`);

        // The sample notebook's outputs (an SDF of 12, a SMILES list, one MOL file: a card), each as drawn.
        const before = new Set(a.grids.keys());
        const notebook = await vscode.window.showNotebookDocument(await vscode.workspace.openNotebookDocument(workspaceFile('structures.ipynb')), {
          viewColumn: width === 'narrow' ? vscode.ViewColumn.Two : undefined,
        });
        const checked = new Set<string>();
        for (let cell = 0; cell < notebook.notebook.cellCount; cell++) {
          if (!notebook.notebook.cellAt(cell).outputs.length) continue;
          notebook.revealRange(new vscode.NotebookRange(cell, cell + 1), vscode.NotebookEditorRevealType.AtTop);
          const output = await nextNotebookGrid(
            a.grids,
            new Set([...before, ...checked]),
            (g) => g.drawn > 0 && g.layout.problems.length === 0,
            `the output of cell ${cell + 1} laid out in ${theme}, ${width}`,
            20_000,
          ).catch(() => undefined);
          if (!output) {
            const unchecked = a.grids.keys().filter((k) => k.startsWith('notebook:') && !before.has(k) && !checked.has(k));
            const shown = await Promise.all(unchecked.map((k) => a.grids.rendered(k).then((g) => g.layout.problems, String)));
            assert.fail(`cell ${cell + 1}: ${JSON.stringify(shown)}`);
          }
          checked.add(output.key);
          console.log(`    notebook output of ${output.s.count} records: ${theme}, ${width} (${output.s.layout.width} px), no layout problem`);
        }
        assert.ok(checked.size >= 3, 'the three outputs were checked');
      });

      test(`the structure editor: ${theme}, ${width}`, async () => {
        const a = await api();
        await useTheme(theme);
        await closeAllEditors();
        await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
        if (width === 'narrow') await vscode.window.showTextDocument(workspaceFile('compounds.py'), { viewColumn: vscode.ViewColumn.One });
        await run('compoundDb.drawStructure', { smiles: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C' });
        if (width === 'narrow')
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 0.55 }, { size: 0.45 }] });
        let report: LayoutReport | undefined;
        const fits = (l: LayoutReport) => (width === 'narrow' ? l.width <= NARROW_MAX : l.width >= WIDE_MIN);
        await waitFor(
          async () => {
            report = await a.structureEditor().layout();
            return fits(report) && report.problems.length === 0 ? report : undefined;
          },
          `the structure editor to lay out in ${theme}, ${width}`,
          15_000,
        ).catch(() => undefined);
        assert.ok(report);
        assert.ok(fits(report), `${width}: ${report.width} px`);
        assert.deepStrictEqual(report.problems, [], `nothing wrong on screen in ${theme}, ${width} (${report.width} px)`);
        console.log(`    structure editor: ${theme}, ${width} (${report.width} px), no layout problem`);
      });
    }
  }
});

let bareRecord: number | undefined;
/** A record of the shipped collection with no measured spectrum (found once: IDs depend on the build). */
async function recordWithoutSpectra(): Promise<number> {
  if (bareRecord !== undefined) return bareRecord;
  for (const name of ['D-tagatose', 'D-psicose', 'D-sorbose', 'D-altrose', 'D-allose', 'D-gulose', 'D-talose']) {
    const id = await recordIdByName(name);
    const spectra = await run<unknown[]>('compoundDb.legacy.getCompoundSpectraInfo', { recordId: id });
    if (spectra.length === 0) return (bareRecord = id);
  }
  throw new Error('no record without spectra among the hexoses');
}

/** The spectrum ID of the first listed spectrum (the list's rows carry it in their data). */
function firstSpectrum(shown: RenderedSnapshot): number {
  const id = shown.spectrumIds?.[0];
  assert.ok(id !== undefined, 'the snapshot lists spectrum IDs');
  return id;
}
