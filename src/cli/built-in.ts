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
}

/** The service's entry beside this module: out/src/service/main.js under tsc, dist/service.js beside the bundled dist/cli.js. */
function serviceEntry(): string {
  const candidates = [path.join(__dirname, '..', 'service', 'main.js'), path.join(__dirname, 'service.js')];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`the built-in database is missing (looked for ${candidates.join(' and ')})`);
  return found;
}

export async function startBuiltIn(options: BuiltInOptions = {}): Promise<BuiltInService> {
  const running = await launchBuiltIn({
    script: serviceEntry(),
    args: options.structureIndexOnDemand ? ['--structure-index-on-demand'] : [],
  });
  return { baseUrl: running.info.baseUrl, pid: running.pid, close: running.stop };
}
