import * as vscode from 'vscode';
import type { ChildProcess } from 'child_process';
import { Disposable } from '../common/lifecycle';
import { DEV_API_KEY, DEV_TOKEN, isLocalServiceMessage, type LocalServiceReady } from '../../wire';
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
 * The built-in database: `dist/service.js` in a child process, started on first use so the extension
 * host stays light and a crash there cannot take the editor down. Restarted when it dies.
 */
export class LocalService extends Disposable {
  private child: ChildProcess | undefined;
  private readonly starting = new InFlight<0, LocalServiceInfo>();
  private info: LocalServiceInfo | undefined;
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
    return this.info;
  }
  /** Process ID of the running service. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The running service's addresses, starting it when it is not running. */
  ensureStarted(): Promise<LocalServiceInfo> {
    if (this.info && this.child && this.child.exitCode === null) return Promise.resolve(this.info);
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

  private start(): Promise<LocalServiceInfo> {
    this.setState('starting');
    const args = ['--host', '127.0.0.1', '--port', '0'];
    for (const file of this.dataFiles()) args.push('--data', file);
    this.log.info(`Starting the built-in database: ${this.scriptPath} ${args.join(' ')}`);
    // child_process (with net, dgram and stream) loads when the service starts, not with the extension
    const child = process
      .getBuiltinModule('child_process')
      .fork(this.scriptPath, args, { cwd: this.cwd, execArgv: [], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => this.log.info(`[service] ${d.toString().trimEnd()}`));
    child.stderr?.on('data', (d: Buffer) => this.log.warn(`[service] ${d.toString().trimEnd()}`));

    return new Promise<LocalServiceInfo>((resolve, reject) => {
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.setState('failed');
        this.stopChild();
        reject(new Error(vscode.l10n.t('The built-in database did not start: {0}', message)));
      };
      const timer = setTimeout(() => fail(vscode.l10n.t('no answer within {0} s', START_TIMEOUT_MS / 1000)), START_TIMEOUT_MS);
      child.on('message', (m: unknown) => {
        if (settled || !isLocalServiceMessage(m)) return;
        if (m.type === 'error') return fail(m.message);
        settled = true;
        clearTimeout(timer);
        this.info = {
          baseUrl: m.baseUrl,
          legacyBaseUrl: m.legacyBaseUrl,
          records: m.records,
          dataSources: m.dataSources,
          skippedDataFiles: m.skippedDataFiles,
        };
        this.log.info(`Built-in database ready at ${m.baseUrl} (${m.records} records; datasources: ${m.dataSources.join(', ')})`);
        this.setState('running');
        resolve(this.info);
      });
      child.on('error', (e) => fail(e.message));
      child.on('exit', (code, signal) => {
        if (!settled) return fail(signal ? vscode.l10n.t('exited with {0}', signal) : vscode.l10n.t('exited with code {0}', String(code)));
        if (this.child !== child) return; // stopped on purpose
        this.child = undefined;
        this.info = undefined;
        this.log.warn(`The built-in database stopped (${signal ?? `code ${code}`})`);
        this.setState('stopped');
        this.restartAfterCrash();
      });
    });
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
    const child = this.child;
    this.child = undefined;
    this.info = undefined;
    if (!child) return;
    if (child.connected) child.disconnect();
    if (child.exitCode === null) child.kill();
    if (this._state !== 'failed') this.setState('stopped');
  }
}
