/**
 * The message loop of a service worker (node:worker_threads: the toolkit workers and the structure matchers): one
 * message at a time, in order, once the worker's toolkit has loaded; `ready` when it has. An exception may leave the
 * toolkit broken, so the worker reports `failed` (with the message's id, -1 for loading) and exits, and its pool
 * starts a fresh one.
 */
import { parentPort } from 'node:worker_threads';

type Failed = { type: 'failed'; id: number; message: string };

/** Posts messages of type `Out` to the pool (with `ready` and `failed`, which the loop sends itself). */
export function workerSender<Out>(): (message: Out) => void {
  const port = parentPort!;
  return (message) => port.postMessage(message);
}

export function serveWorker<Loaded, In extends object>(
  loading: Promise<Loaded>,
  handle: (loaded: Loaded, message: In) => Promise<void> | void,
): void {
  const port = parentPort!;
  const fail = (id: number, err: unknown): never => {
    port.postMessage({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) } satisfies Failed);
    process.exit(1);
  };
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (message: In) => {
    chain = chain.then(async () => {
      try {
        await handle(await loading, message);
      } catch (err) {
        const { id } = message as { id?: unknown };
        fail(typeof id === 'number' ? id : -1, err);
      }
    });
  });
  loading.then(
    () => port.postMessage({ type: 'ready' }),
    (err: unknown) => fail(-1, err),
  );
}
