/** `compound-db serve`: the local service (what `npm run serve` runs), with the options of src/service/main.ts. */
import { runService } from '../../service/main';
import { parseArgs, type ServiceOptions } from '../../service/options';
import { UsageError } from '../usage';
import { USAGES } from '../usages';

export const usage = USAGES.serve;

export async function run(args: string[]): Promise<number> {
  let options: ServiceOptions;
  try {
    options = parseArgs(args);
  } catch (error) {
    throw new UsageError(`serve: ${error instanceof Error ? error.message : String(error)}`);
  }
  await runService(options, false);
  return await new Promise<number>(() => undefined); // runs until a signal ends the process
}
