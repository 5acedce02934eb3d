/**
 * The details panel's page (src/webview/main.ts, as bundled) in jsdom, over the real protocol: what it draws from a
 * pushed view, what its buttons ask the host, the spectrum plot, and its test hooks only in test mode.
 */
import * as assert from 'assert';
import type { DetailsProtocol, DetailsView, SpectrumPlotView } from '../../../src/webview/protocol';
import type { Handlers } from '../../../src/webview-protocol/protocol';
import { openWebviewPage, type WebviewPage } from './support/webview-page';

const HTML_NAME = '<img src=x onerror="document.title=1">Caff<b>eine</b>';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const view: DetailsView = {
  recordId: 507,
  title: HTML_NAME,
  source: 'built-in database',
  imageDataUri: PNG,
  fields: [
    { field: 'CommonName', label: 'Name', value: HTML_NAME },
    { field: 'Formula', label: 'Formula', value: 'C8H10N4O2' },
  ],
  identifiers: [
    { label: 'Record ID', value: '507' },
    { label: 'InChIKey', value: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' },
  ],
  externalReferences: [{ source: 'ChEBI', sourceUrl: 'https://example.org', externalId: '27732', externalUrl: 'https://example.org/27732' }],
  mol2D: 'caffeine\n  2D\n\n  0  0  0  0  0  0            999 V2000\nM  END\n',
  spectra: { available: true, items: [{ id: 9, type: 'MS2', fileName: 'caffeine.jdx', provenance: 'caffeine.jdx' }] },
  problems: [],
};

const plot: SpectrumPlotView = {
  id: 9,
  title: 'MS2 of caffeine',
  xLabel: 'm/z',
  yLabel: 'relative intensity',
  points: [
    [110.07, 20],
    [138.07, 100],
    [195.09, 45],
  ],
  sticks: true,
  precursorMz: 195.09,
  details: ['MS2', 'precursor 195.09'],
};

function handlers(calls: Array<[string, unknown]>): Handlers<DetailsProtocol['requests']> {
  const note = (name: string) => async (params: unknown) => void calls.push([name, params]);
  return {
    copy: note('copy'),
    copied: note('copied'),
    insertMol: note('insertMol'),
    openExternal: note('openExternal'),
    saveImage: note('saveImage'),
    saveMol: note('saveMol'),
    structureSearch: note('structureSearch'),
    openRecord: note('openRecord'),
    spectrum: async ({ id }) => {
      calls.push(['spectrum', { id }]);
      return plot;
    },
  };
}

describe('details page (jsdom)', function () {
  this.timeout(30_000);
  let page: WebviewPage<DetailsProtocol> | undefined;
  afterEach(() => page?.close());

  function open(testHooks: boolean, calls: Array<[string, unknown]> = []): WebviewPage<DetailsProtocol> {
    page = openWebviewPage<DetailsProtocol>('src/webview/main.ts', '<main id="root"><p class="note">Loading…</p></main>', handlers(calls), {
      testHooks,
    });
    return page;
  }

  it('draws a pushed record: a name written in HTML stays text, one <img>, every button named for what it does', async () => {
    const p = open(true);
    p.host.push('show', view);
    const shown = await p.host.request('snapshot');
    assert.ok(shown);
    assert.strictEqual(shown.title, HTML_NAME);
    assert.strictEqual(shown.fields.CommonName, HTML_NAME);
    assert.strictEqual(shown.imgCount, 1, 'no <img> element came from the name');
    assert.strictEqual(shown.imageShown, true);
    assert.deepStrictEqual(shown.identifiers, { 'Record ID': '507', InChIKey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' });
    assert.deepStrictEqual(shown.references, ['ChEBI: 27732']);
    assert.strictEqual(shown.mol2D, view.mol2D);
    const names = shown.buttons.map((b) => b.name);
    for (const name of ['Copy InChIKey', 'Copy Record ID', 'Copy 2D MOL block', 'Save structure image as PNG']) {
      assert.ok(names.includes(name), `a button named "${name}" among ${names.join(' | ')}`);
    }
    assert.strictEqual(new Set(names).size, names.length, 'no two buttons read the same');
    assert.deepStrictEqual(shown.spectrumIds, [9], 'the spectrum is a row of the spectra table');
    assert.deepStrictEqual(JSON.parse(JSON.stringify(p.state())), { recordId: 507 }, 'the page keeps its record for a reload');
  });

  it("its buttons ask the host, each with the record's values", async () => {
    const calls: Array<[string, unknown]> = [];
    const p = open(true, calls);
    p.host.push('show', view);
    await p.host.request('snapshot');
    const button = (name: string) => {
      const b = [...p.window.document.querySelectorAll('button')].find((x) => (x.getAttribute('aria-label') ?? x.textContent) === name);
      assert.ok(b, name);
      return b;
    };
    button('Copy InChIKey').click();
    button('Save structure image as SVG').click();
    button('Find compounds similar to this one').click();
    p.window.document.querySelector<HTMLAnchorElement>('ul.references a')!.click();
    await p.host.request('snapshot');
    assert.deepStrictEqual(calls, [
      ['copy', { text: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N', what: 'InChIKey' }],
      ['saveImage', { recordId: 507, format: 'svg' }],
      ['structureSearch', { recordId: 507, kind: 'similar' }],
      ['openExternal', { url: 'https://example.org/27732' }],
    ]);
  });

  it('plots a spectrum from the host, zoomed to a range; a load that failed says so', async () => {
    const p = open(true);
    p.host.push('show', view);
    const plotted = await p.host.request('plot', { id: 9, range: [100, 200] });
    assert.strictEqual(plotted?.plot?.id, 9);
    assert.strictEqual(plotted.plot.points, 3);
    assert.deepStrictEqual(plotted.plot.range, [100, 200]);
    assert.ok(plotted.plot.labels.length > 0, 'the largest peaks are labelled');
    p.host.push('failed', { recordId: 12, message: 'no such record' });
    await p.host.request('snapshot');
    assert.match(p.window.document.body.textContent ?? '', /Could not load this record: no such record/);
  });

  it('outside test mode it answers no test hook', async () => {
    const p = open(false);
    p.host.push('show', view);
    await assert.rejects(p.host.request('snapshot'), /test hooks answer only in test mode/);
    assert.match(p.window.document.querySelector('h1')?.textContent ?? '', /Caff/);
  });
});
