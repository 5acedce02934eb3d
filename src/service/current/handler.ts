import type { ServiceContext } from '../context';

export interface CurrentRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** Returns the JSON body of a 200 answer, or throws a ProblemError. */
export type CurrentHandler = (ctx: ServiceContext, req: CurrentRequest) => Promise<unknown>;
