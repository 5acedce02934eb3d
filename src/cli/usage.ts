/** Bad usage of the command line: exit code 2 with one line on stderr (a failure is exit code 1). */
import { parseArgs, type ParseArgsConfig } from 'util';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Node's own argument parser, strict, with its errors turned into UsageErrors that name the command. */
export function parseCommandArgs<O extends Options>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(`${command}: ${text.replace(/\. To specify a positional argument.*$/, '')}`);
  }
}

/** A whole number option, checked. */
export function wholeNumberOption(command: string, name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max)
    throw new UsageError(`${command}: --${name} must be a number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  return n;
}
