/** A failure of a command as the one line it prints: the server's refusal of an input names that input. */
import { CancelledError, HttpError } from '../client';
import { userMessage, type InputOf } from '../client/user-message';

/** A failure about one input the command was given (`convert`'s INPUT, say), so its line can name it. */
export class InputFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly input: InputOf,
  ) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** `The SMILES "C1CC(" is not valid: it does not parse.` rather than `Bad Request: … (HTTP 400)`. */
export function explain(error: unknown): string {
  const input = error instanceof InputFailure ? error.input : undefined;
  const cause = error instanceof InputFailure ? error.error : error;
  if (cause instanceof CancelledError) return 'cancelled';
  // 401 keeps the client's text: the extension's advice ("Set API Key") is not the command line's (COMPOUND_DB_API_KEY).
  if (cause instanceof HttpError && cause.status !== 401) return userMessage(cause, input);
  return cause instanceof Error ? cause.message : String(cause);
}
