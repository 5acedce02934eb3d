/**
 * The notebook renderer for `chemical/x-mdl-molfile`, `chemical/x-mdl-sdfile` and `chemical/x-daylight-smiles`
 * outputs: the structure grid over the output's own bytes, drawn in the notebook's webview by RDKit (WASM shipped
 * beside this script), so no kernel package and no network are needed. Actions that need VS Code (details, look
 * up, insert, copy) and the test hooks go to the extension through the renderer messaging channel when it listens,
 * one endpoint of src/webview-protocol per output.
 */
import { GridModel } from '../../grid/gridModel';
import { isOutputMessage, STRUCTURE_MIME_TYPES, type NotebookGridProtocol, type OutputMessage } from '../../grid/protocol';
import { decodeUtf8, type RecordFormat } from '../../grid/recordIndex';
import { indexRecords } from '../../grid/recordIndexer';
import { PageEndpoint } from '../../webview-protocol/endpoint';
import type { Channel } from '../../webview-protocol/protocol';
import { enableTestHooks } from '../channel';
import { LocalBackend } from './backend';
import { BoundedToolkit } from './boundedToolkit';
import { StructureGrid } from './structureGrid';
import css from '../../../media/grid.css';

interface OutputItem {
  id: string;
  mime: string;
  data(): Uint8Array;
}
interface RendererContext {
  postMessage?(message: unknown): void;
  onDidReceiveMessage?(listener: (message: unknown) => void): { dispose(): void };
}

/** The toolkit's files beside this script; its worker is started from the script's text (a `blob:` URL). */
const toolkitSource = {
  wasmUrl: new URL('RDKit_minimal.wasm', import.meta.url).href,
  workerUrl: new URL('gridWorker.js', import.meta.url).href,
};

/** One output's channel to the extension, over the renderer's: its messages wrapped with its id. */
function outputChannel(context: RendererContext, outputId: string): Channel {
  return {
    post: (message) => context.postMessage?.({ outputId, message } satisfies OutputMessage),
    listen(listener) {
      const subscription = context.onDidReceiveMessage?.((m) => {
        if (isOutputMessage(m) && m.outputId === outputId) listener(m.message);
      });
      return () => subscription?.dispose();
    },
  };
}

export function activate(context: RendererContext) {
  // One toolkit worker for all the outputs of the notebook.
  let toolkit: BoundedToolkit | undefined;
  const endpoints = new Map<string, PageEndpoint<NotebookGridProtocol>>();
  const forget = (id: string) => {
    endpoints.get(id)?.dispose();
    endpoints.delete(id);
  };

  return {
    renderOutputItem(item: OutputItem, element: HTMLElement) {
      toolkit ??= new BoundedToolkit(toolkitSource);
      element.replaceChildren();
      const style = document.createElement('style');
      style.textContent = css;
      element.appendChild(style);
      const format: RecordFormat = item.mime === STRUCTURE_MIME_TYPES.smiles ? 'smiles' : 'sdf';
      const bytes = item.data();
      const index = indexRecords(bytes, format);
      const read = async (ids: number[]) => ids.map((id) => decodeUtf8(bytes, index.starts[id], index.ends[id]));
      const count = index.count;
      const model = new GridModel(index, read, count === 1 ? '1 structure' : `${count} structures`, false);
      const host = document.createElement('div');
      // One molecule is a card (its facts and actions), not a grid with a pager and filters for one row.
      host.className = count === 1 ? 'cdb-notebook cdb-single' : 'cdb-notebook';
      element.appendChild(host);
      forget(item.id);
      const connect = (grid: StructureGrid) => {
        // No extension listening (another editor showing the notebook): the grid works alone, actions aside.
        if (!context.postMessage || !context.onDidReceiveMessage) return new LocalBackend(model, undefined);
        const extension = new PageEndpoint<NotebookGridProtocol>(outputChannel(context, item.id), grid.testHooks(), { testHooks: enableTestHooks });
        endpoints.set(item.id, extension);
        return new LocalBackend(model, extension);
      };
      new StructureGrid(
        host,
        connect,
        toolkit,
        count === 1 ? { pageSize: 1, cardWidth: 260, cardHeight: 190 } : { pageSize: 10, cardWidth: 140, cardHeight: 105 },
      );
    },
    disposeOutputItem(id?: string) {
      if (id) forget(id);
      else [...endpoints.keys()].forEach(forget);
    },
  };
}
