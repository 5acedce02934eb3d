import type * as vscode from 'vscode';

/** How long the test hook waits for a webview to report what it drew before it gives up. */
export const TEST_HOOK_TIMEOUT_MS = 30_000;

/**
 * The first `event` that `accept` takes, or a rejection naming `what` after `ms`: a wait that always settles.
 */
export function nextEvent<T>(event: vscode.Event<T>, accept: (value: T) => boolean, what: string, ms = TEST_HOOK_TIMEOUT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const sub = event((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(value);
    });
  });
}

/** `promise`, or a rejection naming `what` after `ms`: a test hook's wait that always settles. */
export function withTimeout<T>(promise: Promise<T>, what: string, ms = TEST_HOOK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
