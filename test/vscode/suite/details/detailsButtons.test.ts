import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RenderedButton, RenderedSnapshot } from '../../../../src/webview/protocol';
import { api, closeAllEditors, recordIdByName, run, waitFor } from '../helpers';
import { tempDir } from '../../../support/temp';

type Rgba = [number, number, number, number];
function rgba(css: string): Rgba {
  const m = /rgba?\(([^)]*)\)/.exec(css);
  assert.ok(m, `a CSS colour: ${css}`);
  const [r, g, b, a = 1] = m[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r, g, b, a];
}
const same = (x: Rgba, y: Rgba) => x.every((v, i) => Math.abs(v - y[i]) < 0.01);

/** A button stands out from the page: by its own fill, or by a border of a colour the page does not have. */
function standsOut(b: RenderedButton): boolean {
  const page = rgba(b.pageBackground);
  const fill = rgba(b.background);
  const border = rgba(b.borderColor);
  const filled = fill[3] > 0 && !same(fill, page);
  const outlined = parseFloat(b.borderWidth) >= 1 && border[3] > 0 && !same(border, page);
  return (filled || outlined) && rgba(b.color)[3] > 0;
}

const THEME_CLASS: Record<string, string> = {
  'Default Dark Modern': 'vscode-dark',
  'Default Light Modern': 'vscode-light',
  'Default High Contrast': 'vscode-high-contrast',
};

suite('Details panel buttons', () => {
  let recordId: number;
  const theme = () => vscode.workspace.getConfiguration('workbench').get<string>('colorTheme');
  let themeBefore: string | undefined;
  suiteSetup(async () => {
    recordId = await recordIdByName('caffeine');
    themeBefore = vscode.workspace.getConfiguration('workbench').inspect<string>('colorTheme')?.globalValue;
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', themeBefore, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  async function shownIn(themeName: string): Promise<RenderedSnapshot> {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', themeName, vscode.ConfigurationTarget.Global);
    assert.strictEqual(theme(), themeName);
    await run('compoundDb.showDetails', { recordId });
    const a = await api();
    return waitFor(async () => {
      const s = await a.details.rendered(recordId);
      return s.theme === THEME_CLASS[themeName] ? s : undefined;
    }, `the details panel in ${themeName}`);
  }

  test('every button has a name that says what it does or copies', async () => {
    const shown = await shownIn('Default Light Modern');
    const names = shown.buttons.map((b) => b.name);
    for (const name of [
      'Copy InChIKey',
      'Copy InChI',
      'Copy Record ID',
      'Copy 2D MOL block',
      'Copy 3D MOL block',
      'Copy structure image',
      'Save structure image as PNG',
      'Save structure image as SVG',
    ]) {
      assert.ok(names.includes(name), `a button named "${name}" among ${names.join(' | ')}`);
    }
    assert.strictEqual(new Set(names).size, names.length, `no two buttons read the same: ${names.join(' | ')}`);
    assert.ok(!names.includes('Copy'), 'no button is just "Copy"');
  });

  for (const themeName of ['Default Dark Modern', 'Default High Contrast']) {
    test(`every button stands out in ${themeName}, with the theme's button colours`, async () => {
      const shown = await shownIn(themeName);
      assert.ok(shown.buttons.length >= 8);
      for (const b of shown.buttons) assert.ok(standsOut(b), `${b.name} in ${themeName}: ${JSON.stringify(b)}`);
      if (themeName === 'Default High Contrast') {
        for (const b of shown.buttons) assert.strictEqual(rgba(b.borderColor)[3], 1, `${b.name} has the high contrast border`);
      }
    });
  }

  test('save the structure image as PNG and SVG, and one result as a .mol titled with its name', async () => {
    const dir = tempDir('files');
    const png = path.join(dir, 'caffeine.png');
    const svg = path.join(dir, 'caffeine.svg');
    const mol = path.join(dir, 'caffeine.mol');
    await run('compoundDb.searches.saveImage', { recordId, format: 'png', uri: vscode.Uri.file(png).toString() });
    await run('compoundDb.searches.saveImage', { recordId, format: 'svg', uri: vscode.Uri.file(svg).toString() });
    await run('compoundDb.searches.saveMol', { recordId, uri: vscode.Uri.file(mol).toString() });
    assert.deepStrictEqual([...fs.readFileSync(png).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a real PNG');
    const svgText = fs.readFileSync(svg, 'utf8');
    assert.match(svgText, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    assert.match(svgText, /<title>Caffeine<\/title>/);
    assert.match(svgText, /href="data:image\/png;base64,iVBORw0KGgo/);
    const molText = fs.readFileSync(mol, 'utf8');
    assert.match(molText, /^Caffeine\n/);
    assert.match(molText, /M {2}END\n$/);
  });
});
