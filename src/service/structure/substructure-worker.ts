/**
 * A matcher worker (node:worker_threads): its own RDKit instance, the shared index, and one task at a time, so a
 * slow search holds this thread and never the service's event loop. After an exception (RDKit may be left broken)
 * it reports the failure and exits; the pool starts a fresh worker. A search comes in slices (the pool's fair queue
 * hands workers round between searches), so the last few queries are kept read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRDKit } from '../chemistry/rdkit';
import { fingerprintBatch, IndexView, readQuery, searchIndex, type ReadQuery } from './substructure-matcher';
import type { FromWorker, SearchTask, ToWorker, WorkerStart } from './substructure-protocol';

const port = parentPort!;
const send = (message: FromWorker): void => port.postMessage(message);
const rdkit = loadRDKit((workerData as WorkerStart).wasmDir);
let view: IndexView | undefined;
let chain: Promise<void> = Promise.resolve();
/** Queries read for recent searches: a search runs in slices, often on this worker again. */
const QUERIES_KEPT = 4;
const queries = new Map<string, ReadQuery>();

function queryOf(rd: Awaited<typeof rdkit>, index: IndexView, task: SearchTask): ReadQuery {
  const key = `${task.format}\n${task.query}`;
  let read = queries.get(key);
  if (read) queries.delete(key);
  else read = readQuery(rd, index, task);
  queries.set(key, read);
  for (const [old, kept] of queries) {
    if (queries.size <= QUERIES_KEPT) break;
    kept.mol.delete();
    queries.delete(old);
  }
  return read;
}

async function handle(message: ToWorker): Promise<void> {
  const rd = await rdkit;
  if (message.type === 'index') {
    view = new IndexView(message.index);
    for (const kept of queries.values()) kept.mol.delete();
    queries.clear();
    return;
  }
  try {
    if (message.type === 'fingerprints') {
      send({ type: 'fingerprints', id: message.id, batch: fingerprintBatch(rd, message.smiles) });
    } else {
      if (!view) throw new Error('the structure index is not attached');
      send({ type: 'started', id: message.id });
      const task = { ...message.task, sliceEnd: Date.now() + message.sliceMs };
      const end = searchIndex(rd, view, queryOf(rd, view, task), task, (positions, checked) =>
        send({ type: 'progress', id: message.id, positions, checked }),
      );
      send({ type: 'done', id: message.id, end });
    }
  } catch (err) {
    send({ type: 'failed', id: message.id, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}

port.on('message', (message: ToWorker) => {
  chain = chain.then(() => handle(message));
});
rdkit.then(
  () => send({ type: 'ready' }),
  (err: unknown) => {
    send({ type: 'failed', id: -1, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);
