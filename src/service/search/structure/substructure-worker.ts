/**
 * A matcher worker (node:worker_threads): its own RDKit instance, the shared index, and one task at a time, so a
 * slow search holds this thread and never the service's event loop. After an exception (RDKit may be left broken)
 * it reports the failure and exits (worker-loop.ts); the pool starts a fresh worker. A search comes in slices (the pool's fair queue
 * hands workers round between searches), so the last few queries are kept read.
 */
import { workerData } from 'node:worker_threads';
import { loadRDKit } from '../../toolkits/rdkit';
import type { RDKit } from '../../../chemistry/molecule/read';
import { serveWorker, workerSender } from '../../workers/worker-loop';
import { fingerprintBatch, IndexView, matchCandidates, readQuery, searchIndex, type ReadQuery } from './substructure-matcher';
import type { FromWorker, SearchTask, ToWorker, WorkerStart } from './substructure-protocol';

const send = workerSender<FromWorker>();
let view: IndexView | undefined;
/** Queries read for recent searches: a search runs in slices, often on this worker again. */
const QUERIES_KEPT = 4;
const queries = new Map<string, ReadQuery>();

function queryOf(rd: RDKit, index: IndexView | undefined, task: Pick<SearchTask, 'query' | 'format'>): ReadQuery {
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

const start = workerData as WorkerStart;

serveWorker<RDKit, ToWorker>(loadRDKit(start.wasmDir, start.rdkitModule), (rd, message) => {
  if (message.type === 'index') {
    view = new IndexView(message.index);
    for (const kept of queries.values()) kept.mol.delete();
    queries.clear();
  } else if (message.type === 'fingerprints') {
    send({ type: 'fingerprints', id: message.id, batch: fingerprintBatch(rd, message.smiles) });
  } else if (message.type === 'pattern') {
    let pattern: Uint8Array | undefined;
    try {
      pattern = queryOf(rd, view, message).pattern;
    } catch {
      pattern = undefined; // RDKit cannot read it: the caller says so
    }
    send({ type: 'pattern', id: message.id, pattern });
  } else if (message.type === 'candidates') {
    send({ type: 'started', id: message.id });
    const task = { ...message.task, sliceEnd: Date.now() + message.sliceMs };
    const end = matchCandidates(rd, queryOf(rd, view, task), task, (positions, checked) =>
      send({ type: 'progress', id: message.id, positions, checked }),
    );
    send({ type: 'done', id: message.id, end });
  } else {
    if (!view) throw new Error('the structure index is not attached');
    send({ type: 'started', id: message.id });
    const task = { ...message.task, sliceEnd: Date.now() + message.sliceMs };
    const end = searchIndex(rd, view, queryOf(rd, view, task), task, (positions, checked) =>
      send({ type: 'progress', id: message.id, positions, checked }),
    );
    send({ type: 'done', id: message.id, end });
  }
});
