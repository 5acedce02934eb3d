import * as vscode from 'vscode';
import type { RequestLogEntry } from '../../client';
import { redact } from './redact';


/** The `Compound DB` LogOutputChannel. Every line passes through redaction of the known secrets. */
export class Logger implements vscode.Disposable {
  readonly channel: vscode.LogOutputChannel;

  constructor(private readonly secrets: () => string[]) {
    this.channel = vscode.window.createOutputChannel('Compound DB', { log: true });
  }

  private clean(text: string): string {
    return redact(text, this.secrets());
  }

  request(entry: RequestLogEntry): void {
    const status = entry.status === undefined ? 'no response' : String(entry.status);
    const retry = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
    const line = this.clean(`${entry.method} ${entry.path} ${status} ${Math.round(entry.ms)} ms${retry}${entry.error ? ` ${entry.error}` : ''}`);
    if (entry.error || (entry.status !== undefined && entry.status >= 400)) this.channel.warn(line);
    else this.channel.info(line);
  }

  info(message: string): void {
    this.channel.info(this.clean(message));
  }
  warn(message: string): void {
    this.channel.warn(this.clean(message));
  }
  error(message: string | Error): void {
    this.channel.error(this.clean(message instanceof Error ? message.message : message));
  }

  dispose(): void {
    this.channel.dispose();
  }
}
