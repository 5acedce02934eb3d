/**
 * The built-in database of a command: the local service (src/service/cli.ts) in a child process on a free loopback
 * port, as the extension runs it. Its own process, so the service's work (parsing structures, answering) runs on
 * another core than the command's (a bulk resolve keeps both busy), and this process loads only the client. The child
 * exits when this process ends, however it ends: the IPC channel closes and the service stops on its `disconnect`.
 */
import { fork } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { isLocalServiceMessage } from '../wire';

export interface BuiltInService {
  baseUrl: string;
  /** The child's process ID. */
  pid: number;
  close(): Promise<void>;
}

export interface BuiltInOptions {
  /** Build the structure index on the first structure search only (a one-shot command may never need it). */
  structureIndexOnDemand?: boolean;
}

/** The service's entry beside this module: out/src/service/cli.js under tsc, dist/service.js beside the bundled dist/cli.js. */
function serviceEntry(): string {
  const candidates = [path.join(__dirname, '..', 'service', 'cli.js'), path.join(__dirname, 'service.js')];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`the built-in database is missing (looked for ${candidates.join(' and ')})`);
  return found;
}

/** What the child said on stderr, the last few kilobytes (a failed start names its reason there too). */
const STDERR_KEPT = 4096;

export function startBuiltIn(options: BuiltInOptions = {}): Promise<BuiltInService> {
  const args = ['--host', '127.0.0.1', '--port', '0', ...(options.structureIndexOnDemand ? ['--structure-index-on-demand'] : [])];
  const child = fork(serviceEntry(), args, { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.disconnect();
      else child.kill();
    }
    await exited;
  };
  return new Promise<BuiltInService>((resolve, reject) => {
    const fail = (why: string): void => {
      child.kill();
      const said = stderr.trim().split('\n').pop();
      reject(new Error(`the built-in database did not start: ${why}${said && !why.includes(said) ? ` (${said})` : ''}`));
    };
    child.on('message', (message: unknown) => {
      if (!isLocalServiceMessage(message)) return;
      if (message.type === 'error') fail(message.message);
      else resolve({ baseUrl: message.baseUrl, pid: child.pid as number, close });
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(signal ? `it was stopped by ${signal}` : `it exited with code ${code}`));
  });
}
