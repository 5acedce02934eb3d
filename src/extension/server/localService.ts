import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import { DEV_API_KEY, DEV_TOKEN, type LocalServiceReady } from '../../wire/local-service';
import type { BuiltInStartError, RunningBuiltIn } from '../../client/launch-built-in';
import type { Logger } from '../common/logger';
import { InFlight } from '../../shared/in-flight';

/** The running service's addresses and what it serves. */
export type LocalServiceInfo = Omit<LocalServiceReady, 'type'>;

export type LocalServiceState = 'stopped' | 'starting' | 'running' | 'failed';

/** Development credentials the local service accepts when it runs without a keys file. */
export const LOCAL_API_KEY = DEV_API_KEY;
export const LOCAL_TOKEN = DEV_TOKEN;

const START_TIMEOUT_MS = 120_000;
const MAX_RESTARTS_PER_MINUTE = 3;

/**
 * The built-in database: `dist/service.js` in a child process (the launcher the command line uses too), started on
 * first use so the extension host stays light and a crash there cannot take the editor down. Restarted when it dies.
 */
export class LocalService extends Disposable {
  private running: RunningBuiltIn | undefined;
  private readonly starting = new InFlight<0, LocalServiceInfo>();
  private _state: LocalServiceState = 'stopped';
  private restarts: number[] = [];
  private readonly _onDidChangeState = this._register(new vscode.EventEmitter<LocalServiceState>());
  readonly onDidChangeState = this._onDidChangeState.event;

  constructor(
    private readonly scriptPath: string,
    private readonly cwd: string,
    private readonly dataFiles: () => string[],
    private readonly log: Logger,
  ) {
    super();
    this._register({ dispose: () => this.stopChild() });
  }

  get state(): LocalServiceState {
    return this._state;
  }
  get current(): LocalServiceInfo | undefined {
    return this.running?.info;
  }
  /** Process ID of the running service. */
  get pid(): number | undefined {
    return this.running?.pid;
  }

  /** The running service's addresses, starting it when it is not running. */
  ensureStarted(): Promise<LocalServiceInfo> {
    if (this.running) return Promise.resolve(this.running.info);
    return this.starting.run(0, () => this.start());
  }

  async restart(): Promise<LocalServiceInfo> {
    if (this.starting.has(0)) await this.starting.run(0, () => this.start()).catch(() => undefined);
    this.stopChild();
    return this.ensureStarted();
  }

  private setState(state: LocalServiceState): void {
    this._state = state;
    this._onDidChangeState.fire(state);
  }

  private async start(): Promise<LocalServiceInfo> {
    this.setState('starting');
    const args = this.dataFiles().flatMap((file) => ['--data', file]);
    this.log.info(`Starting the built-in database: ${this.scriptPath} ${args.join(' ')}`);
    let running: RunningBuiltIn;
    // The launcher loads on the first start, not at activation.
    const { BuiltInStartError, launchBuiltIn } = await import('../../client/launch-built-in.js');
    try {
      running = await launchBuiltIn({
        script: this.scriptPath,
        args,
        cwd: this.cwd,
        timeoutMs: START_TIMEOUT_MS,
        onOutput: (stream, text) => (stream === 'stdout' ? this.log.info(`[service] ${text}`) : this.log.warn(`[service] ${text}`)),
      });
    } catch (e) {
      this.setState('failed');
      const why = e instanceof BuiltInStartError ? startFailureText(e) : e instanceof Error ? e.message : String(e);
      throw new Error(vscode.l10n.t('The built-in database did not start: {0}', why), { cause: e });
    }
    this.running = running;
    const { info } = running;
    this.log.info(`Built-in database ready at ${info.baseUrl} (${info.records} records; datasources: ${info.dataSources.join(', ')})`);
    this.setState('running');
    void running.exited.then(({ code, signal }) => {
      if (this.running !== running) return; // stopped on purpose
      this.running = undefined;
      this.log.warn(`The built-in database stopped (${signal ?? `code ${code}`})`);
      this.setState('stopped');
      this.restartAfterCrash();
    });
    return info;
  }

  private restartAfterCrash(): void {
    if (this.isDisposed) return;
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < 60_000);
    if (this.restarts.length >= MAX_RESTARTS_PER_MINUTE) {
      this.log.error('The built-in database keeps stopping; it will start again on the next lookup.');
      return;
    }
    this.restarts.push(now);
    this.ensureStarted().catch((e: Error) => this.log.error(e));
  }

  private stopChild(): void {
    const running = this.running;
    this.running = undefined;
    if (!running) return;
    void running.stop();
    if (this._state !== 'failed') this.setState('stopped');
  }
}

/** A failed start in the user's language, with what the service said last. */
function startFailureText(error: BuiltInStartError): string {
  const f = error.failure;
  const why =
    f.kind === 'timeout'
      ? vscode.l10n.t('no answer within {0} s', f.ms / 1000)
      : f.kind === 'exited'
        ? f.signal
          ? vscode.l10n.t('exited with {0}', f.signal)
          : vscode.l10n.t('exited with code {0}', String(f.code))
        : f.message;
  return error.lastWords && !why.includes(error.lastWords) ? `${why} (${error.lastWords})` : why;
}
