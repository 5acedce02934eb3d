import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import { withCancellableProgress } from '../common/progress';
import { defineCommand, type CommandDefinition } from './defineCommand';
import type { Services } from './services';

export interface LookupSpec<A, I, R, O> {
  /** Asks for the inputs the arguments leave out (before the progress notification shows). */
  ask: (args: A | undefined) => Promise<I>;
  /** Progress title, after `Compound DB: `. */
  title: (inputs: I) => string;
  /** The request(s); `signal` is aborted by the notification's Cancel. */
  request: (client: CompoundDbClient, inputs: I, signal: AbortSignal) => Promise<R>;
  /** Shows the result and gives the command's return value. */
  show: (result: R, inputs: I) => Promise<O>;
}

/**
 * One lookup command: inputs first, then connecting (which may start the built-in database) and the request
 * under one cancellable progress notification, then the result shown.
 */
export function lookupCommand<A extends object, I, R, O = R>(s: Services, id: string, spec: LookupSpec<A, I, R, O>): CommandDefinition {
  return defineCommand<A, O>(id, s.log, async (args) => {
    const inputs = await spec.ask(args);
    const result = await withCancellableProgress(vscode.l10n.t('Compound DB: {0}', spec.title(inputs)), async (signal) =>
      spec.request((await s.connection.get()).client, inputs, signal),
    );
    return spec.show(result, inputs);
  });
}

/** Result shown as a JSON document named `name`; the command returns the result. */
export function asJson<R, I>(s: Services, name: (inputs: I) => string): (result: R, inputs: I) => Promise<R> {
  return async (result, inputs) => {
    await s.results.showJson(name(inputs), result);
    return result;
  };
}

/** Text result shown as a document named `name` (its extension picks the language). */
export function asDocument<I>(s: Services, name: (inputs: I) => string): (result: string, inputs: I) => Promise<string> {
  return async (result, inputs) => {
    await s.results.show(name(inputs), result);
    return result;
  };
}

/** Result shown as an information message; the command returns the result. */
export function asMessage<R, I>(text: (result: R, inputs: I) => string): (result: R, inputs: I) => Promise<R> {
  return async (result, inputs) => {
    void vscode.window.showInformationMessage(text(result, inputs));
    return result;
  };
}
