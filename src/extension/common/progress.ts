import * as vscode from 'vscode';

/**
 * Runs `task` under a cancellable notification: its Cancel aborts the AbortSignal handed to the client,
 * which stops requests and status polling at once.
 */
export function withCancellableProgress<T>(title: string, task: (signal: AbortSignal, report: (message: string) => void) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    return task(controller.signal, (message) => progress.report({ message })).finally(() => {
      sub.dispose();
    });
  });
}
