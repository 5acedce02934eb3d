/**
 * Spectrum searches in the service's fair queue (work-queue.ts). A search of one spectrum and a batch of many alike take
 * a ticket when they are asked (a full queue is a 503), then run on the event loop in slices of SLICE_MS: after each
 * slice the job waits again behind the callers served least, and other requests are answered in between. So one key's
 * batch of a thousand spectra holds back another key's search by one slice at most, not by the whole batch.
 */
import { WorkQueue, type Ticket, type WorkQueueLimits } from '../../workers/work-queue';
import type { EntropyIndex } from './entropy-index';
import { searchSpectrum, type SpectrumSearchAnswer, type SpectrumSearchRequest } from './search';

/** How long one job searches before the next job in the queue has its turn (a search takes 0.1-8 ms). */
const SLICE_MS = 20;

/** Single searches of a spectra list's Identify All come a few dozen at a time; a batch is one job. */
export const SPECTRUM_QUEUE_LIMITS: WorkQueueLimits = { admitted: 256, perCaller: 128, retryAfterSeconds: 1 };

interface SearchJob {
  ticket: Ticket;
  requests: readonly SpectrumSearchRequest[];
  answers: SpectrumSearchAnswer[];
  resolve: (answers: SpectrumSearchAnswer[]) => void;
  reject: (error: Error) => void;
}

export class SpectrumSearchQueue {
  private readonly queue: WorkQueue<SearchJob>;
  private running = false;

  constructor(
    private readonly index: () => Promise<EntropyIndex>,
    limits: WorkQueueLimits = SPECTRUM_QUEUE_LIMITS,
  ) {
    this.queue = new WorkQueue('spectrum searches', limits);
  }

  /** A place in the queue for one search or batch of `caller` (an API key's hash), or QueueFull: taken when it is asked. */
  admit(caller: string): Ticket {
    return this.queue.admit(caller);
  }

  /** The answers, in the order of `requests`; the ticket is released when the job ends, whatever happens. */
  search(ticket: Ticket, requests: readonly SpectrumSearchRequest[]): Promise<SpectrumSearchAnswer[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        ticket,
        requests,
        answers: [],
        ...ticket.settle(resolve, reject),
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.queue.waitingCount === 0) return;
    this.running = true;
    setImmediate(() => void this.slice());
  }

  private async slice(): Promise<void> {
    const job = this.queue.next();
    if (job) {
      const started = Date.now();
      try {
        const index = await this.index();
        do job.answers.push(await searchSpectrum(index, job.requests[job.answers.length]));
        while (job.answers.length < job.requests.length && Date.now() - started < SLICE_MS);
        this.queue.served(job.ticket, Date.now() - started);
        if (job.answers.length === job.requests.length) job.resolve(job.answers);
        else this.queue.push(job);
      } catch (error) {
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.running = false;
    this.schedule();
  }
}
