/**
 * A toolkit worker (node:worker_threads): its own Chemistry (RDKit, Indigo on first use, resvg), one call at a time.
 * The pool (bounded-toolkit.ts) terminates it at a call's deadline; after an exception (the toolkit may be left
 * broken) it reports the failure and exits, and the pool starts a fresh one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadChemistry } from './index';
import { INDIGO_CALLS, toolkitCalls, type FromToolkitWorker, type ToToolkitWorker } from './toolkit-calls';

const port = parentPort!;
const send = (message: FromToolkitWorker): void => port.postMessage(message);
const chemistry = loadChemistry({ wasmDir: (workerData as { wasmDir?: string }).wasmDir, spareRdkit: false });
let chain: Promise<void> = Promise.resolve();

async function handle(message: ToToolkitWorker): Promise<void> {
  try {
    const call = toolkitCalls[message.call] as (...args: unknown[]) => unknown;
    const ready = await chemistry;
    if (INDIGO_CALLS.has(message.call)) await ready.prepareInchi();
    send({ type: 'started', id: message.id });
    const result = await call(ready, ...message.args);
    // An input broke a toolkit instance (its guard answered with its fallback and dropped it): a fresh worker, with a
    // fresh toolkit, takes this one's place rather than one without a spare.
    const retiring = ready.toolkitHealth().replacements > 0;
    send({ type: 'done', id: message.id, result, retiring });
    if (retiring) process.exit(0);
  } catch (err) {
    send({ type: 'failed', id: message.id, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}

port.on('message', (message: ToToolkitWorker) => {
  chain = chain.then(() => handle(message));
});
chemistry.then(
  () => send({ type: 'ready' }),
  (err: unknown) => {
    send({ type: 'failed', id: -1, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);
