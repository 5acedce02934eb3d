/** Query statuses (spec 3, contract 1.2). */
export const QUERY_STATUSES = [
  'Unknown',
  'Created',
  'Scheduled',
  'Processing',
  'Suspended',
  'PartialResultReady',
  'ResultReady',
  'Complete',
  'Failed',
  'TooManyRecords',
  'Not Found',
] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** The current interface reports `Complete`, the older one `ResultReady`; clients accept either. */
export const FINISHED_STATUSES: readonly QueryStatus[] = ['Complete', 'ResultReady'];
export const FAILED_STATUSES: readonly QueryStatus[] = ['Failed', 'TooManyRecords', 'Suspended', 'Unknown', 'Not Found'];

export function isFinishedStatus(status: string): boolean {
  return (FINISHED_STATUSES as readonly string[]).includes(status);
}
export function isFailedStatus(status: string): boolean {
  return (FAILED_STATUSES as readonly string[]).includes(status);
}

/** The status object of `filter status` and both batch statuses. */
export interface QueryStatusResponse {
  count: number;
  message: string;
  status: QueryStatus;
}
