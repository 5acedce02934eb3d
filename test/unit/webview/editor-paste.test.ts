/**
 * The structure editor's page (src/webview/editor.ts, as bundled) in jsdom with OpenChemLib's real canvas editor:
 * text pasted on the canvas past the structure bounds the box and the grid share (src/wire/structure-size.ts) never
 * reaches OpenChemLib and says why; text within them is drawn by OpenChemLib's own paste handler as before. jsdom
 * has no 2D canvas: the page is given one that draws nothing (OpenChemLib's reading of the paste and its molecule
 * are real; only the pixels are missing).
 */
import * as assert from 'assert';
import type { EditorProtocol } from '../../../src/webview/editorProtocol';
import { LIMITS } from '../../../src/wire/limits';
import { openWebviewPage, type WebviewPage } from './support/webview-page';

const BODY = '<input id="query"><button id="draw-typed"></button><div id="editor"></div><div id="actions"></div><p id="status"></p>';

/** A 2D context on every canvas that accepts every call and draws nothing (text measured as 6 px a character),
 * ImageData and a ResizeObserver that never fires. */
function blankCanvas(window: WebviewPage<EditorProtocol>['window']): void {
  const context: object = new Proxy(
    {},
    {
      get: (_, key) => (key === 'measureText' ? (text: string) => ({ width: 6 * text.length }) : key === 'canvas' ? undefined : () => undefined),
      set: () => true,
    },
  );
  window.HTMLCanvasElement.prototype.getContext = (() => context) as never;
  // OpenChemLib decodes its tool icons into ImageData and watches its element's size, which jsdom lacks.
  Object.assign(window, {
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
    ImageData: class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    },
  });
}

describe('structure editor: text pasted on the canvas', function () {
  this.timeout(30_000);
  let page: WebviewPage<EditorProtocol>;

  before(() => {
    page = openWebviewPage<EditorProtocol>(
      'src/webview/editor.ts',
      BODY,
      { action: async () => undefined, structureOf: async () => ({ smiles: '' }) },
      { testHooks: true, prepare: blankCanvas },
    );
  });
  after(() => page?.close());

  /** A paste event on the editor's canvas (or its element), as the browser fires one, with `text` on the clipboard. */
  function paste(text: string): void {
    const { window } = page;
    // OpenChemLib's canvases live in an open shadow root; the drawing's canvas is the last of them.
    const shadow = window.document.getElementById('editor')!.firstElementChild!.shadowRoot!;
    const target = [...shadow.querySelectorAll('canvas')].pop()!;
    const event = new window.Event('paste', { bubbles: true, cancelable: true, composed: true });
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
    target.dispatchEvent(event);
  }
  const status = () => page.window.document.getElementById('status')!.textContent ?? '';

  it('refuses a SMILES of too many atoms with the rule, leaving the drawing as it was', async () => {
    const chain = 'C'.repeat(LIMITS.structureHeavyAtoms + 50);
    paste(chain);
    assert.match(
      status(),
      new RegExp(
        `Not pasted: The pasted structure has ${LIMITS.structureHeavyAtoms + 50} atoms other than hydrogen; at most ${LIMITS.structureHeavyAtoms}`,
      ),
    );
    assert.strictEqual((await page.host.request('drawing', undefined)).atoms, 0);
  });

  it('refuses text longer than a MOL block may be, and a MOL block of too many parts', async () => {
    paste(`x\n${'C'.repeat(LIMITS.molChars + 1)}`);
    assert.match(status(), new RegExp(`Not pasted: The pasted structure is ${LIMITS.molChars + 3} characters long; at most ${LIMITS.molChars}`));
    const atoms = LIMITS.structureComponents + 1;
    const atomLines = Array.from(
      { length: atoms },
      (_, i) => `${(i * 1.5).toFixed(4).padStart(10)}    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0`,
    );
    const mol = ['', '  test', '', `${String(atoms).padStart(3)}  0  0  0  0  0  0  0  0  0999 V2000`, ...atomLines, 'M  END'].join('\n');
    paste(mol);
    assert.match(status(), new RegExp(`Not pasted: The pasted structure has ${atoms} separate parts`));
    assert.strictEqual((await page.host.request('drawing', undefined)).atoms, 0);
  });

  it('lets a structure within the bounds through to OpenChemLib, which draws it', async () => {
    page.window.document.getElementById('status')!.textContent = '';
    paste('c1ccccc1O');
    assert.strictEqual(status(), '');
    assert.strictEqual((await page.host.request('drawing', undefined)).atoms, 7);
  });
});
