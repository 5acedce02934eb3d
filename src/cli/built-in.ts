/**
 * The built-in database of a command: the local service on a free loopback port through the launcher the extension
 * uses (src/client/launch-built-in.ts); this process loads only the client.
 */
import * as fs from 'fs';
import * as path from 'path';
import { launchBuiltIn } from '../client/launch-built-in';

export interface BuiltInService {
  baseUrl: string;
  /** The child's process ID. */
  pid: number;
  close(): Promise<void>;
}

export interface BuiltInOptions {
  /** Build the structure index on the first structure search only (a one-shot command may never need it). */
  structureIndexOnDemand?: boolean;
  /** Start a toolkit worker at once, loading while the records are read (a command that converts a structure). */
  toolkitAtStart?: boolean;
}

/** The service's entry beside this module: out/src/service/main.js under tsc, dist/service.js beside the bundled dist/cli.js. */
function serviceEntry(): string {
  const candidates = [path.join(__dirname, '..', 'service', 'main.js'), path.join(__dirname, 'service.js')];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`the built-in database is missing (looked for ${candidates.join(' and ')})`);
  return found;
}

/**
 * A one-shot command's service runs the toolkits' WebAssembly with V8's baseline compiler only: optimising RDKit's hot
 * functions in the background cost a convert about as much CPU as the conversion itself, and stopping those
 * compilations held its exit for 0.2-0.7 s (measured under load), for code the process never runs again.
 */
const ONE_SHOT_V8_FLAGS = ['--liftoff-only'];

export async function startBuiltIn(options: BuiltInOptions = {}): Promise<BuiltInService> {
  const running = await launchBuiltIn({
    script: serviceEntry(),
    execArgv: options.structureIndexOnDemand ? ONE_SHOT_V8_FLAGS : [],
    args: [...(options.structureIndexOnDemand ? ['--structure-index-on-demand'] : []), ...(options.toolkitAtStart ? ['--toolkit-at-start'] : [])],
  });
  return { baseUrl: running.info.baseUrl, pid: running.pid, close: running.stop };
}
