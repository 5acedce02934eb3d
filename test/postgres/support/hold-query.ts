/**
 * Forked by dead-process.test.ts: a service process over the database (argv[2]) whose queries stay Processing for
 * ten minutes, beating its heartbeat every 200 ms; it sends its base URL once listening and runs until killed.
 */
import { startService } from '../../../src/service';

startService({ port: 0, database: process.argv[2], queryHeartbeatMs: 200, queryDelayMs: 600_000, shippedSpectra: false }).then(
  (svc) => process.send!({ baseUrl: svc.baseUrl }),
  (err: Error) => process.send!({ error: err.message }),
);
