/**
 * The one launcher of the built-in database, for the extension and the command line: the local service's entry
 * script in a child process on a free loopback port, resolved when it says it is ready (src/wire/local-service.ts).
 * Its own process, so the service's work runs on another core and a crash there takes nothing else down. The child
 * stops when this process ends, however it ends: the IPC channel closes and the service stops on its `disconnect`.
 */
import type { ChildProcess } from 'child_process';
import { isLocalServiceMessage, type LocalServiceReady } from '../wire/local-service';

/** Why a start failed, for each caller to word in its own language. */
export type StartFailure =
  | { kind: 'refused'; message: string }
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'spawn'; message: string }
  | { kind: 'timeout'; ms: number };

/** The last few kilobytes the child wrote on stderr (a failed start names its reason there too). */
const STDERR_KEPT = 4096;
const DEFAULT_TIMEOUT_MS = 120_000;

function describe(failure: StartFailure): string {
  switch (failure.kind) {
    case 'refused':
    case 'spawn':
      return failure.message;
    case 'exited':
      return failure.signal ? `it was stopped by ${failure.signal}` : `it exited with code ${failure.code}`;
    case 'timeout':
      return `no answer within ${failure.ms / 1000} s`;
  }
}

export class BuiltInStartError extends Error {
  constructor(
    readonly failure: StartFailure,
    /** The child's last stderr line, when it said anything. */
    readonly lastWords: string | undefined,
  ) {
    const why = describe(failure);
    super(`the built-in database did not start: ${why}${lastWords && !why.includes(lastWords) ? ` (${lastWords})` : ''}`);
  }
}

export interface LaunchOptions {
  /** The service's entry: out/src/service/main.js under tsc, dist/service.js in the bundles. */
  script: string;
  /** Arguments after `--host 127.0.0.1 --port 0`. */
  args?: string[];
  /** Node's and V8's flags for the child (default none). */
  execArgv?: string[];
  cwd?: string;
  timeoutMs?: number;
  /** Each chunk the child writes, as text; without it the child's stdout is dropped (stderr is kept for errors). */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
}

export interface RunningBuiltIn {
  info: Omit<LocalServiceReady, 'type'>;
  pid: number;
  /** Settles when the child has exited, on purpose or not. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Asks the child to stop (closing its channel), kills it if it cannot be asked; settles when it has exited. */
  stop(this: void): Promise<void>;
}

export function launchBuiltIn(options: LaunchOptions): Promise<RunningBuiltIn> {
  // child_process (with net, dgram and stream) loads when a service starts, not with the module that may start one.
  const child: ChildProcess = process
    .getBuiltinModule('child_process')
    .fork(options.script, ['--host', '127.0.0.1', '--port', '0', ...(options.args ?? [])], {
      cwd: options.cwd,
      execArgv: options.execArgv ?? [],
      stdio: ['ignore', options.onOutput ? 'pipe' : 'ignore', 'pipe', 'ipc'],
    });
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => options.onOutput?.('stdout', chunk.toString().trimEnd()));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    options.onOutput?.('stderr', chunk.toString().trimEnd());
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.disconnect();
      else child.kill();
    }
    await exited;
  };
  return new Promise<RunningBuiltIn>((resolve, reject) => {
    let settled = false;
    const fail = (failure: StartFailure): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      reject(new BuiltInStartError(failure, stderr.trim().split('\n').pop() || undefined));
    };
    const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => fail({ kind: 'timeout', ms }), ms);
    child.on('message', (message: unknown) => {
      if (settled || !isLocalServiceMessage(message)) return;
      if (message.type === 'error') return fail({ kind: 'refused', message: message.message });
      settled = true;
      clearTimeout(timer);
      const { baseUrl, legacyBaseUrl, records, dataSources, skippedDataFiles } = message;
      resolve({ info: { baseUrl, legacyBaseUrl, records, dataSources, skippedDataFiles }, pid: child.pid as number, exited, stop });
    });
    child.once('error', (error) => fail({ kind: 'spawn', message: error.message }));
    child.once('exit', (code, signal) => fail({ kind: 'exited', code, signal }));
  });
}
