/** Entry of the grid editors' webview (the text-backed editor and the streaming grid): the grid over the host. */
import { HostBackend } from './backend';
import { loadToolkit, Toolkit } from './chemistry';
import { StructureGrid } from './structureGrid';

const root = document.getElementById('root') as HTMLElement;
const wasmUrl = root.dataset.wasm ?? '';
new StructureGrid(
  root,
  new HostBackend(),
  loadToolkit(wasmUrl).then((rdkit) => new Toolkit(rdkit)),
);
