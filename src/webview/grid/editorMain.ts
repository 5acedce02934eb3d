/** Entry of the grid editors' webview (the text-backed editor and the streaming grid): the grid over the host. */
import type { GridProtocol } from '../../grid/protocol';
import { PageEndpoint } from '../../webview-protocol/endpoint';
import { hostChannel } from '../channel';
import { BoundedToolkit } from './boundedToolkit';
import { StructureGrid } from './structureGrid';

const root = document.getElementById('root') as HTMLElement;
new StructureGrid(
  root,
  (grid) => new PageEndpoint<GridProtocol>(hostChannel(), grid.testHooks(), { changed: (info) => grid.changed(info) }),
  new BoundedToolkit({ wasmUrl: root.dataset.wasm ?? '', workerUrl: root.dataset.worker ?? '' }),
);
