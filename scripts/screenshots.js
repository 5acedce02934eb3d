#!/usr/bin/env node
// `npm run screenshots`: builds and packages the extension, starts the code-server session of `npm start`
// (on a free port), drives it with Playwright in Debian chromium and saves PNGs under screenshots/, each in a
// light and a dark theme (<name>-light.png, <name>-dark.png).
// Each shot is independent: a failed one is reported (with a failed-<name>.png of the page) and the
// others still run; the exit code is non-zero when any failed. --no-build uses dist/compound-db.vsix as is.
'use strict';
const fs = require('fs');
const path = require('path');
const P = require('./vscode/paths');
const { packageVsix, ensureNpmDeps } = require('./vscode/build');
const W = require('./vscode/workbench');

const outDir = path.join(P.root, 'screenshots');
const manifest = require(path.join(P.root, 'package.json'));
const nls = require(path.join(P.root, 'package.nls.json'));
/** A manifest string as VS Code shows it: `%key%` looked up in package.nls.json. */
const text = (s) => (typeof s === 'string' ? s.replace(/^%([^%]+)%$/, (all, key) => nls[key] ?? all) : s);

/** The palette label of a contributed command ("Category: Title"). */
function label(id) {
  const c = (manifest.contributes?.commands || []).find((x) => x.command === id);
  if (!c) throw new Error(`package.json contributes no command ${id}`);
  return c.category ? `${text(c.category)}: ${text(c.title)}` : text(c.title);
}

function category() {
  const c = (manifest.contributes?.commands || []).find((x) => x.command.startsWith('compoundDb.') && x.category);
  return c ? text(c.category) : 'Compound DB';
}

/** The sample SDF in the structure grid editor, a record selected, its structures drawn. */
async function structureGrid(page) {
  await W.runCommand(page, 'View: Close All Editors');
  await W.openFile(page, 'structures.sdf');
  // Quick Open reopens a file in the editor it was last shown in: after the first theme's shot, the grid itself
  // (Open in Structure Grid takes the text tab's place). Only a text editor needs the command.
  await page.waitForTimeout(1000);
  if (await page.locator('.editor-group-container.active .monaco-editor').count()) await W.runCommand(page, label('compoundDb.openInStructureGrid'));
  const frame = await W.webviewFrame(page, 'Norepinephrine');
  await frame.locator('.cdb-card img').first().waitFor({ timeout: 30000 });
  await frame.locator('tr', { hasText: 'Norepinephrine' }).first().click();
  await W.imagesLoaded(frame);
  await W.noToasts(page);
  await restPointer(page, frame);
}

/** The pointer rests on the empty end of the grid's toolbar: a hover left on a tab or a path shows its tooltip in the shot. */
async function restPointer(page, frame) {
  const toolbar = await frame.locator('.cdb-toolbar').first().boundingBox();
  const frameBox = await page.locator('iframe.webview.ready').last().boundingBox();
  if (toolbar && frameBox) await page.mouse.move(frameBox.x + toolbar.x + toolbar.width - 10, frameBox.y + toolbar.y + toolbar.height / 2);
  await page.waitForTimeout(500);
}

/** The sample notebook's saved outputs (SDF, SMILES list, MOL file), drawn by the renderer. */
async function notebookGrid(page) {
  await W.runCommand(page, 'View: Close All Editors');
  await W.openFile(page, 'structures.ipynb');
  const frame = await W.webviewFrame(page, 'Norepinephrine');
  await frame.locator('.cdb-card img').first().waitFor({ timeout: 30000 });
  await W.imagesLoaded(frame);
  await W.noToasts(page);
  await restPointer(page, frame);
}

/** A pasted MS/MS peak list identified: the Searches tree's hits and the mirror plot of the best one. */
async function spectrumMatch(page) {
  await W.runCommand(page, 'View: Close All Editors');
  await W.openFile(page, 'caffeine-msms.txt');
  await page.locator('.editor-group-container.active .view-line span', { hasText: 'rel.int.' }).first().click();
  await page.keyboard.press('Control+A');
  await W.runCommand(page, label('compoundDb.identifySpectrum'));
  await W.answerInput(page, 'selection', { title: 'Identify Spectrum' });
  await W.answerInput(page, '195.0877', { title: 'Identify Spectrum: precursor m/z' });
  await W.answerInput(page, 'Positive', { title: 'Identify Spectrum: ion mode' });
  // the result's label carries its score and matched peaks: "Caffeine (0.9987 · 9 peaks)"
  const row = page.locator('.part.sidebar .monaco-list-row', { has: page.locator('.label-name', { hasText: /^Caffeine \(/ }) }).first();
  await row.waitFor({ timeout: 60000 });
  // the details panel then takes the editor area (beside a text editor it would get half)
  await W.runCommand(page, 'View: Close All Editors');
  await W.widenSideBar(page, 420);
  await row.click();
  const frame = await W.webviewFrame(page, 'Spectrum match');
  await frame.locator('figure.plot.mirror').waitFor({ timeout: 30000 });
  await W.imagesLoaded(frame);
  await frame.locator('section.spectrum-match').scrollIntoViewIfNeeded();
  await frame.evaluate(() => document.querySelector('section.spectrum-match')?.scrollIntoView({ block: 'start' }));
  await W.noToasts(page);
}

/** The sample MGF in the spectra list, identified, a row's mirror plot beside the table. */
async function spectraList(page) {
  await W.runCommand(page, 'View: Close All Editors');
  await W.openFile(page, 'spectra.mgf');
  const frame = await W.webviewFrame(page, 'Unknown 1');
  await frame.locator('button', { hasText: 'Identify All' }).click({ timeout: 30000 });
  await frame.locator('.status', { hasText: 'Identified' }).waitFor({ timeout: 60000 });
  await frame.locator('tr[data-index="1"]').click();
  await frame.locator('figure.plot.mirror').waitFor({ timeout: 30000 });
  await frame.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('img.thumb'))
        .slice(0, 3)
        .every((i) => i.complete && i.naturalWidth > 0),
    null,
    {
      timeout: 30000,
    },
  );
  await W.noToasts(page);
}

const shots = [
  [
    'command-palette',
    async (page) => {
      await W.filterCommands(page, category());
      await page.locator('.quick-input-widget .monaco-list-row').nth(5).waitFor({ timeout: 10000 });
    },
  ],
  [
    'hover-inchikey',
    async (page) => {
      await W.openFile(page, 'compounds.py');
      await W.hoverText(page, 'RYYVLZVUVIJVGH-UHFFFAOYSA-N', { waitForText: 'Caffeine' });
      await page
        .locator('.monaco-hover:not(.hidden) img')
        .first()
        .waitFor({ timeout: 15000 })
        .catch(() => {});
    },
  ],
  [
    'hover-smiles-notebook',
    async (page) => {
      await W.openFile(page, 'compounds.ipynb');
      await W.hoverText(page, 'CN1C=NC2', { scope: '.notebook-editor', waitForText: 'Caffeine' });
      await page
        .locator('.monaco-hover:not(.hidden) img')
        .first()
        .waitFor({ timeout: 15000 })
        .catch(() => {});
    },
  ],
  [
    'searches-tree',
    async (page) => {
      await W.runCommand(page, label('compoundDb.searchByFormula'));
      await W.answerInput(page, 'C6H12O6');
      await W.treeRow(page, 'D-glucose').waitFor({ timeout: 60000 });
      await W.runCommand(page, label('compoundDb.searchByName'));
      await W.answerInput(page, 'caffeine');
      await W.treeRow(page, 'Caffeine').waitFor({ timeout: 60000 });
      await W.runCommand(page, 'View: Close All Editors');
      await W.widenSideBar(page, 520);
      await W.noToasts(page);
    },
  ],
  [
    'details-webview',
    async (page) => {
      const row = W.treeRow(page, 'Caffeine');
      await row.waitFor({ timeout: 30000 });
      await row.click();
      const frame = await W.webviewFrame(page, 'RYYVLZVUVIJVGH');
      await W.imagesLoaded(frame);
      await W.noToasts(page);
    },
  ],
  [
    'no-results',
    async (page) => {
      await W.runCommand(page, label('compoundDb.searchByName'));
      await W.answerInput(page, 'caffiene');
      await W.treeRow(page, 'Did you mean Caffeine?').waitFor({ timeout: 60000 });
      await W.noToasts(page);
    },
  ],
  [
    'sdf-highlighting',
    async (page) => {
      await W.openFile(page, 'examples.sdf');
      await page.locator('.editor-group-container.active .view-line span', { hasText: 'V2000' }).first().waitFor({ timeout: 15000 });
    },
  ],
  [
    'details-spectrum',
    async (page) => {
      await W.runCommand(page, label('compoundDb.searchByName'));
      await W.answerInput(page, 'caffeine');
      // An earlier shot's Caffeine row is in the tree too, and the new search moves it down while it draws: a click
      // can land on a row being moved. Any Caffeine row opens the same record, so click again until its panel shows.
      let details;
      for (let attempt = 1; !details; attempt++) {
        const row = W.treeRow(page, 'Caffeine');
        await row.waitFor({ timeout: 60000 });
        await row.click();
        details = await W.webviewFrame(page, 'RYYVLZVUVIJVGH', { timeout: 15000 }).catch((error) => {
          if (attempt === 4) throw error;
        });
      }
      await details.locator(`tr[data-spectrum="${caffeineTandemSpectrum()}"]`).first().click({ timeout: 30000 });
      const frame = await W.webviewFrame(page, 'Relative abundance');
      await W.imagesLoaded(frame);
      const figure = frame.locator('figure.plot');
      await figure.scrollIntoViewIfNeeded();
      // hover the base peak's neighbourhood so the read-out line shows a value
      const box = await frame.locator('svg.plot-svg').boundingBox();
      if (box) await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.6);
      await W.noToasts(page);
    },
  ],
  [
    'error-bad-input',
    async (page) => {
      await W.runCommand(page, label('compoundDb.searchByInchikey'));
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 15000 });
      await input.fill('NOT-A-KEY');
      // The prompt validates as one types: the message under the box changes from the prompt (which ends
      // with "Press 'Enter' to confirm") to the rule the input broke.
      await page.waitForFunction(
        () => {
          const m = document.querySelector('.quick-input-widget .quick-input-message');
          return !!m && m.textContent.trim() !== '' && !/Press 'Enter'/.test(m.textContent);
        },
        null,
        { timeout: 15000 },
      );
    },
  ],
  ['spectrum-match', spectrumMatch],
  ['spectra-list', spectraList],
  [
    'structure-editor',
    async (page) => {
      await W.runCommand(page, 'View: Close All Editors');
      await W.runCommand(page, label('compoundDb.drawStructure'));
      const frame = await W.webviewFrame(page, 'Draw with the tools');
      // A name in the box: the host looks it up and the editor draws it.
      await frame.locator('#query').fill('caffeine');
      await frame.locator('#query').press('Enter');
      await frame.locator('#status', { hasText: 'Drawn: Caffeine' }).waitFor({ timeout: 30000 });
      await W.noToasts(page);
    },
  ],
  ['structure-grid', structureGrid],
  ['notebook-grid', notebookGrid],
];

const THEMES = [
  ['light', 'Default Light Modern', 'vs'],
  ['dark', 'Default Dark Modern', 'vs-dark'],
];

/** Switches the workbench's theme as a person does (Preferences: Color Theme) and waits for it to apply. */
async function useTheme(page, themeName, bodyClass) {
  if (await page.locator(`.monaco-workbench.${bodyClass}`).count()) return;
  await W.runCommand(page, 'Preferences: Color Theme');
  await W.answerInput(page, themeName.replace(/^Default /, ''));
  await page.waitForSelector(`.monaco-workbench.${bodyClass}`, { timeout: 30000 });
}

/** A measured MS2 spectrum of caffeine with many peaks, read from the shipped data (its ID depends on the build). */
function caffeineTandemSpectrum() {
  const zlib = require('zlib');
  const data = (f) => JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(P.root, 'data', f))).toString('utf8'));
  const caffeine = data('compounds.json.gz').records.find((r) => r.inchiKey === 'RYYVLZVUVIJVGH-UHFFFAOYSA-N');
  const rows = data('spectra/packed-index.json.gz').rows.filter((r) => r[2] === caffeine.id && /MS2.*precursor m\/z.*collision energy/.test(r[4]));
  rows.sort((a, b) => b[9] - a[9]);
  return rows[0][0];
}

async function main() {
  ensureNpmDeps();
  const vsix = process.argv.includes('--no-build') ? path.join(P.root, 'dist', 'compound-db.vsix') : packageVsix();
  const { startSession } = require('./vscode/session');
  const { launchBrowser } = require('./vscode/browser');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of fs.readdirSync(outDir)) if (f.startsWith('failed-')) fs.rmSync(path.join(outDir, f));

  const session = await startSession({ vsix, port: 0, name: 'screenshots', fresh: true, settings: { 'workbench.colorTheme': THEMES[0][1] } });
  let context;
  const failed = [];
  try {
    context = await launchBrowser({ runDir: session.runDir });
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(session.pageUrl, { waitUntil: 'domcontentloaded' });
    // The extension's status bar item shows once it is active (its commands are in the palette by then).
    await W.waitForWorkbench(page, { statusText: category() });
    for (const [theme, themeName, bodyClass] of THEMES) {
      await useTheme(page, themeName, bodyClass);
      for (const [shot, act] of shots) {
        if (only.length && !only.includes(shot)) continue;
        const name = `${shot}-${theme}`;
        const file = path.join(outDir, `${name}.png`);
        try {
          await W.cleanWorkbench(page);
          await act(page);
          await page.screenshot({ path: file });
          console.log(`  saved ${path.relative(P.root, file)}`);
        } catch (err) {
          failed.push(name);
          await page.screenshot({ path: path.join(outDir, `failed-${name}.png`) }).catch(() => {});
          console.log(`  FAILED ${name}: ${err.message.split('\n')[0]}`);
        }
        await W.closeQuickInput(page);
        await page.mouse.move(5, 450);
      }
    }
  } finally {
    if (context) await context.close().catch(() => {});
    await session.stop();
  }
  console.log(failed.length ? `Screenshots failed: ${failed.join(', ')}` : `Screenshots saved in ${path.relative(process.cwd(), outDir) || '.'}/`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`screenshots failed: ${err.message}`);
  process.exit(1);
});
