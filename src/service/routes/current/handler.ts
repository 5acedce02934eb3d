import type { CurrentBodyOperation, CurrentOperation, CurrentRequestBodies, CurrentResponses } from '../../../wire';
import type { ServiceContext } from '../../context';

/** A request body as it arrives: the operation's fields, each of any type until the wire's validators have checked it. */
export type Unchecked<T> = { [K in keyof T]?: unknown };

export interface CurrentRequest<Op extends CurrentOperation = CurrentOperation> {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  body: Op extends CurrentBodyOperation ? Unchecked<CurrentRequestBodies[Op]> : Record<string, never>;
}

/** Returns the JSON body of the operation's 200 answer (the wire's type for it), or throws a ProblemError. */
export type CurrentHandler<Op extends CurrentOperation> = (ctx: ServiceContext, req: CurrentRequest<Op>) => Promise<CurrentResponses[Op]>;
