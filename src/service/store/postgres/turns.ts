/**
 * Turns of one kind of database work in the fair queue (work-queue.ts): at most `atOnce` run at once (each holds a
 * pooled connection, and a worker or the database's cores), the next one the caller served least. A long job takes
 * several turns (a search's slices), so another key's short job runs between them.
 */
import { WorkQueue, type Ticket, type WorkQueueLimits } from '../../workers/work-queue';

interface Turn {
  ticket: Ticket;
  go: () => void;
  fail: (err: Error) => void;
}

export class Turns {
  private readonly queue: WorkQueue<Turn>;
  private running = 0;
  private closed = false;

  constructor(
    kind: string,
    limits: WorkQueueLimits,
    private readonly atOnce: number,
  ) {
    this.queue = new WorkQueue(kind, limits);
  }

  /** A place in the queue for one job of `caller`, or QueueFull: taken when the job is asked. */
  admit(caller: string): Ticket {
    return this.queue.admit(caller);
  }

  /** Runs `work` when the queue gives the ticket's job a turn; its time counts as the job's and its caller's. */
  async take<T>(ticket: Ticket, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((go, fail) => {
      if (this.closed) return fail(new Error(`the ${this.queue.kind} were closed`));
      this.queue.push({ ticket, go, fail });
      this.dispatch();
    });
    const began = Date.now();
    try {
      return await work();
    } finally {
      this.queue.served(ticket, Date.now() - began);
      this.running--;
      this.dispatch();
    }
  }

  close(): void {
    this.closed = true;
    for (const turn of this.queue.drain()) turn.fail(new Error(`the ${this.queue.kind} were closed`));
  }

  private dispatch(): void {
    for (let next; this.running < this.atOnce && (next = this.queue.next());) {
      this.running++;
      next.go();
    }
  }
}
