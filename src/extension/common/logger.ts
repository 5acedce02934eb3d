import * as vscode from 'vscode';
import type { RequestLogEntry } from '../../client';
// The one module of the client the logger needs, not its index: the rest of the client loads on first use.
import { makeRedactor } from '../../client/redact';

/**
 * The `Compound DB` LogOutputChannel, made with its first line (or when shown): the Output view lists no channel
 * for a window that has nothing to say. Every line passes through redaction of the known secrets.
 */
export class Logger implements vscode.Disposable {
  private made?: vscode.LogOutputChannel;

  constructor(private readonly secrets: () => string[]) {}

  get channel(): vscode.LogOutputChannel {
    return (this.made ??= vscode.window.createOutputChannel('Compound DB', { log: true }));
  }

  /** `text` with every known secret replaced: for log lines and for server text kept in the extension's state. */
  redact(text: string): string {
    return makeRedactor(this.secrets())(text);
  }

  request(entry: RequestLogEntry): void {
    const status = entry.status === undefined ? 'no response' : String(entry.status);
    const retry = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
    const line = this.redact(`${entry.method} ${entry.path} ${status} ${Math.round(entry.ms)} ms${retry}${entry.error ? ` ${entry.error}` : ''}`);
    if (entry.error || (entry.status !== undefined && entry.status >= 400)) this.channel.warn(line);
    else this.channel.info(line);
  }

  info(message: string): void {
    this.channel.info(this.redact(message));
  }
  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }
  error(message: string | Error): void {
    this.channel.error(this.redact(message instanceof Error ? message.message : message));
  }

  dispose(): void {
    this.made?.dispose();
  }
}
