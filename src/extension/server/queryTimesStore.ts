/** The client's learned query times (per server and query kind), kept in global state across sessions. */
import type * as vscode from 'vscode';
// Not the client's index: the rest of the client loads on first use (connection.ts).
import { QueryTimes } from '../../client/query-times';
import type { Logger } from '../common/logger';

const STORAGE_KEY = 'compoundDb.queryTimes';
/** Writes are batched: one per this many ms at most, whatever the number of searches. */
const SAVE_DELAY_MS = 2000;

export function loadQueryTimes(memento: vscode.Memento, log: Logger): QueryTimes & vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  const save = (times: QueryTimes): void => {
    timer = undefined;
    memento.update(STORAGE_KEY, times.toJSON()).then(undefined, (e: Error) => log.error(e));
  };
  const times = new QueryTimes(memento.get<unknown>(STORAGE_KEY), (t) => {
    timer ??= setTimeout(() => save(t), SAVE_DELAY_MS);
    timer.unref?.();
  });
  return Object.assign(times, {
    dispose: () => {
      if (timer) {
        clearTimeout(timer);
        save(times);
      }
    },
  });
}
