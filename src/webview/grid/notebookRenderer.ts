/**
 * The notebook renderer for `chemical/x-mdl-molfile`, `chemical/x-mdl-sdfile` and `chemical/x-daylight-smiles`
 * outputs: the structure grid over the output's own bytes, drawn in the notebook's webview by RDKit (WASM shipped
 * beside this script), so no kernel package and no network are needed. Actions that need VS Code (details, look
 * up, insert, copy) and the test hook go to the extension through the renderer messaging channel when it listens.
 */
import { GridModel } from '../../grid/gridModel';
import type { GridCommand, GridPush, GridRequests, GridSnapshot } from '../../grid/protocol';
import { STRUCTURE_MIME_TYPES } from '../../grid/protocol';
import { decodeUtf8, type RecordFormat } from '../../grid/recordIndex';
import { indexRecords } from '../../grid/recordIndexer';
import { LocalBackend } from './backend';
import { loadToolkit, Toolkit } from './chemistry';
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

/** Messages on the renderer channel: `{outputId, req, command, args}` out, `{outputId, seq, res|err}` or `{outputId, push}` in. */
interface ChannelIn {
  outputId: string;
  seq?: string;
  res?: unknown;
  err?: string;
  push?: GridPush;
}

const wasmUrl = new URL('RDKit_minimal.wasm', import.meta.url).href;

export function activate(context: RendererContext) {
  let toolkit: Promise<Toolkit> | undefined;
  let seq = 0;
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const grids = new Map<string, LocalBackend>();
  context.onDidReceiveMessage?.((raw) => {
    const m = raw as ChannelIn;
    if (m.push) grids.get(m.outputId)?.push(m.push);
    if (m.seq === undefined) return;
    const waiting = pending.get(m.seq);
    if (!waiting) return;
    pending.delete(m.seq);
    if (m.err !== undefined) waiting.reject(new Error(m.err));
    else waiting.resolve(m.res);
  });

  const sinkFor =
    (outputId: string) =>
    <C extends GridCommand>(command: C, args: GridRequests[C]['args']): Promise<GridRequests[C]['res']> => {
      if (!context.postMessage) {
        if (command === 'copy') return navigator.clipboard.writeText((args as GridRequests['copy']['args']).text) as Promise<GridRequests[C]['res']>;
        return Promise.reject(new Error('this needs the Compound DB extension, which is not listening here'));
      }
      const req = `${outputId}:${++seq}`;
      return new Promise((resolve, reject) => {
        pending.set(req, { resolve: resolve as (v: unknown) => void, reject });
        context.postMessage!({ outputId, req, command, args });
      });
    };

  return {
    renderOutputItem(item: OutputItem, element: HTMLElement) {
      toolkit ??= loadToolkit(wasmUrl).then((rdkit) => new Toolkit(rdkit));
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
      const backend = new LocalBackend(model, sinkFor(item.id), (snapshot: GridSnapshot) => context.postMessage?.({ outputId: item.id, snapshot }));
      grids.set(item.id, backend);
      const host = document.createElement('div');
      host.className = 'cdb-notebook';
      element.appendChild(host);
      new StructureGrid(host, backend, toolkit, { pageSize: 10, cardWidth: 140, cardHeight: 105 });
    },
    disposeOutputItem(id?: string) {
      if (id) grids.delete(id);
      else grids.clear();
    },
  };
}
