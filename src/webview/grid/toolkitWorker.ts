/**
 * The grid's toolkit worker: RDKit (WASM) off the page's thread. The page (boundedToolkit.ts) sends it the compiled
 * toolkit once and then calls, one at a time; it answers each item of a call as soon as it is done. A call that
 * passes its deadline is not stopped here: the page terminates this worker and starts another.
 */
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule as RDKitModule } from '@rdkit/rdkit';
import { Toolkit } from './chemistry';
import type { FromWorker, ToolkitMethod, ToolkitMethods, ToWorker } from './toolkitProtocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as WorkerScope;

type Instantiated = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;

/** RDKit over the page's compiled module (or its bytes): the worker fetches nothing. */
async function load(wasm: WebAssembly.Module | ArrayBuffer): Promise<RDKitModule> {
  const rdkit = await initRDKitModule({
    instantiateWasm(imports: WebAssembly.Imports, instantiated: Instantiated) {
      const made =
        wasm instanceof WebAssembly.Module
          ? WebAssembly.instantiate(wasm, imports).then((instance) => instantiated(instance, wasm))
          : WebAssembly.instantiate(wasm, imports).then((r) => instantiated(r.instance, r.module));
      made.catch((e: unknown) => scope.postMessage({ kind: 'failed', message: String(e) }));
      return {};
    },
  });
  rdkit.disable_logging();
  return rdkit;
}

type Answer = { [M in ToolkitMethod]: (toolkit: Toolkit, item: string, options: ToolkitMethods[M]['options']) => ToolkitMethods[M]['result'] };

const answer: Answer = {
  query: (toolkit, item) => ({ problem: toolkit.queryProblem(item) }),
  draw: (toolkit, item, { width, height, query }) => toolkit.draw(item, width, height, query),
  scan: (toolkit, item, { query }) => toolkit.scan(item, query),
  identify: (toolkit, item, { isSdf }) => toolkit.identify(item, isSdf),
};

let toolkit: Toolkit | undefined;

scope.onmessage = ({ data }) => {
  if (data.kind === 'init') {
    load(data.wasm).then(
      (rdkit) => {
        toolkit = new Toolkit(rdkit);
        scope.postMessage({ kind: 'ready' });
      },
      (e: unknown) => scope.postMessage({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return;
  }
  const { id, method, items, options } = data;
  try {
    if (!toolkit) throw new Error('the toolkit has not loaded');
    const run = answer[method] as (toolkit: Toolkit, item: string, options: unknown) => unknown;
    items.forEach((item, index) => scope.postMessage({ kind: 'item', id, index, result: run(toolkit!, item, options) }));
    scope.postMessage({ kind: 'done', id });
  } catch (e) {
    scope.postMessage({ kind: 'error', id, message: e instanceof Error ? e.message : String(e) });
  }
};
