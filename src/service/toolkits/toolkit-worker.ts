/**
 * A toolkit worker (node:worker_threads): its own Chemistry (RDKit, Indigo on first use, resvg), one call at a time.
 * The pool (bounded-toolkit.ts) terminates it at a call's deadline; after an exception (the toolkit may be left
 * broken) it reports the failure and exits (worker-loop.ts), and the pool starts a fresh one.
 */
import { workerData } from 'node:worker_threads';
import { serveWorker, workerSender } from '../workers/worker-loop';
import { loadChemistry } from './index';
import { INDIGO_CALLS, toolkitCalls, type FromToolkitWorker, type ToolkitWorkerData, type ToToolkitWorker } from './toolkit-calls';

const send = workerSender<FromToolkitWorker>();

const { wasmDir, warmUp, rdkitModule } = workerData as ToolkitWorkerData;

serveWorker(loadChemistry({ wasmDir, spareRdkit: false, warmUp, rdkitModule }), async (ready, message: ToToolkitWorker) => {
  const call = toolkitCalls[message.call] as (...args: unknown[]) => unknown;
  if (INDIGO_CALLS.has(message.call)) await ready.prepareInchi();
  send({ type: 'started', id: message.id });
  const result = await call(ready, ...message.args);
  // An input broke a toolkit instance (its guard answered with its fallback and dropped it): a fresh worker, with a
  // fresh toolkit, takes this one's place rather than one without a spare.
  const retiring = ready.toolkitHealth().replacements > 0;
  send({ type: 'done', id: message.id, result, retiring });
  if (retiring) process.exit(0);
});
