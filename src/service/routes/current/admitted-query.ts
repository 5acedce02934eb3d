/**
 * A query that holds a place in a fair queue (work-queue.ts), taken when the search was asked so that a full queue is a
 * 503 to that request: the search releases its ticket when it ends, and a submit refused (the stored-query bounds) or
 * a query that fails before its search starts releases it.
 */
import type { QueryIdResponse } from '../../../wire';
import type { QueryKind, QueryOutcome } from '../../query-engine/query-engine';
import type { Queries } from '../../query-engine/stored-queries';
import type { Ticket } from '../../workers/work-queue';

export async function startAdmitted(engine: Queries, kind: QueryKind, ticket: Ticket, run: () => Promise<QueryOutcome>): Promise<QueryIdResponse> {
  try {
    // The search may begin after the submit is answered (a query in the database is written first): the ticket stays
    // taken until it ends. (Released when the submit was answered, 50 slow searches of one key were all admitted.)
    return { queryId: await engine.start(kind, run, () => ticket.release()) };
  } catch (err) {
    ticket.release();
    throw err;
  }
}
