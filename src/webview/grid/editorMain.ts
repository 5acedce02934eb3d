/** Entry of the grid editors' webview (the text-backed editor and the streaming grid): the grid over the host. */
import type { GridProtocol } from '../../grid/protocol';
import { PageEndpoint } from '../../webview-protocol/endpoint';
import { hostChannel } from '../channel';
import { loadToolkit, Toolkit } from './chemistry';
import { StructureGrid } from './structureGrid';

const root = document.getElementById('root') as HTMLElement;
const wasmUrl = root.dataset.wasm ?? '';
new StructureGrid(
  root,
  (grid) => new PageEndpoint<GridProtocol>(hostChannel(), grid.testHooks(), { changed: (info) => grid.changed(info) }),
  loadToolkit(wasmUrl).then((rdkit) => new Toolkit(rdkit)),
);
