/** What every command gets: output, a note on stderr, stdin, the cancel of Ctrl-C, and a connection to open. */
import { connect, type Connection } from './connect';

export interface CliContext {
  readonly env: NodeJS.ProcessEnv;
  readonly signal: AbortSignal;
  /** stderr is a terminal (progress lines are shown only then). */
  readonly interactive: boolean;
  out(text: string): void;
  /** One line on stderr. */
  note(line: string): void;
  /** Rewrites the progress line on stderr (terminal only). */
  progress(line: string): void;
  readStdin(): Promise<string>;
  /**
   * Opens the connection, runs `work`, and closes the connection whatever happens. `needs.toolkit`: the command reads
   * a structure, so the built-in database starts its toolkit worker at once.
   */
  withConnection<T>(server: string | undefined, work: (connection: Connection) => Promise<T>, needs?: { toolkit?: boolean }): Promise<T>;
}

/** `stdoutClosed`: the reader of standard output has gone (EPIPE); nothing more is written there. */
export function processContext(signal: AbortSignal, stdoutClosed: () => boolean = () => false): CliContext {
  const interactive = process.stderr.isTTY === true;
  let progressShown = false;
  const clearProgress = (): void => {
    if (progressShown) process.stderr.write('\r\x1b[K');
    progressShown = false;
  };
  return {
    env: process.env,
    signal,
    interactive,
    out: (text) => {
      if (!stdoutClosed()) process.stdout.write(text);
    },
    note: (line) => {
      clearProgress();
      process.stderr.write(`${line}\n`);
    },
    progress: (line) => {
      if (!interactive) return;
      process.stderr.write(`\r\x1b[K${line}`);
      progressShown = true;
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    withConnection: async (server, work, needs) => {
      const connection = await connect(server, process.env, true, needs);
      try {
        return await work(connection);
      } finally {
        await connection.close();
      }
    },
  };
}
