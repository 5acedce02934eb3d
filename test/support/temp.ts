/**
 * Temporary folders for tests, under the system temp folder. Every folder made here is removed when the test
 * process exits, pass or fail, and when it is stopped by a signal (a run cut short by a timeout or Ctrl+C, which skips
 * the 'exit' event); `npm test` fails a run that leaves anything in the temp folder.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const made = new Set<string>();

/** A fresh empty folder named `compound-db-<purpose>-XXXXXX`. */
export function tempDir(purpose: string): string {
  if (made.size === 0) {
    process.once('exit', removeTempDirs);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stopAfterRemoving(signal));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `compound-db-${purpose}-`));
  made.add(dir);
  return dir;
}

/** Removes every folder `tempDir` has made so far (also run at exit). */
export function removeTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** Removes the folders, then ends as the signal would have ended the process (its handler is gone by now). */
function stopAfterRemoving(signal: NodeJS.Signals): void {
  removeTempDirs();
  process.kill(process.pid, signal);
}
