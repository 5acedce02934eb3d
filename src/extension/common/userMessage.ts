/** Any failure as one sentence a person can act on (`src/client/user-message.ts`), in VS Code's language. */
import * as vscode from 'vscode';
// Not the client's index: the rest of the client loads on first use (connection.ts).
import { userMessage as describe, type InputOf } from '../../client/user-message';

export type { InputOf };

export function userMessage(error: unknown, input?: InputOf): string {
  return describe(error, input, vscode.l10n);
}
