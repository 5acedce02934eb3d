/**
 * Admission and order of one kind of toolkit work (substructure searches, toolkit calls): at most `admitted` jobs
 * waiting or running and at most `perCaller` of them for one API key, so one key cannot fill the queue; past either a
 * QueueFull (HTTP 503 with Retry-After). The next job to run is the one of the caller that has been served least
 * (run time of its admitted jobs), then the job served least, then the oldest: a short query beside many slow ones
 * from another key runs at once, and between one key's own jobs a new one goes before those that have run.
 */

export class QueueFull extends Error {
  constructor(
    readonly kind: string,
    readonly retryAfterSeconds: number,
    why: string,
  ) {
    super(`Too many ${kind} are queued (${why}); try again in ${retryAfterSeconds} s.`);
  }
}

export interface WorkQueueLimits {
  /** jobs waiting or running at once */
  admitted: number;
  /** of them, for one caller (API key) */
  perCaller: number;
  retryAfterSeconds: number;
}

/** One admitted job: released exactly once when it ends, whatever happens. */
export interface Ticket {
  readonly caller: string;
  /** Milliseconds this job has run so far (its slices). */
  servedMs: number;
  readonly seq: number;
  release(): void;
  /** `resolve` and `reject` of the job's promise that release the ticket first, whichever ends it. */
  settle<T>(resolve: (value: T) => void, reject: (err: Error) => void): Settled<T>;
}

export interface Settled<T> {
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

export class WorkQueue<J extends { ticket: Ticket }> {
  private readonly waiting: J[] = [];
  private readonly perCaller = new Map<string, { jobs: number; servedMs: number }>();
  private admittedCount = 0;
  private seq = 0;

  constructor(
    /** plural noun for messages: "substructure searches" */
    readonly kind: string,
    readonly limits: WorkQueueLimits,
  ) {}

  get admitted(): number {
    return this.admittedCount;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** A ticket for one more job of `caller`, or QueueFull. */
  admit(caller: string): Ticket {
    const mine = this.perCaller.get(caller) ?? { jobs: 0, servedMs: 0 };
    if (this.admittedCount >= this.limits.admitted) {
      throw new QueueFull(this.kind, this.limits.retryAfterSeconds, `${this.admittedCount} of at most ${this.limits.admitted}`);
    }
    if (mine.jobs >= this.limits.perCaller) {
      throw new QueueFull(this.kind, this.limits.retryAfterSeconds, `${mine.jobs} for this API key, its share of at most ${this.limits.perCaller}`);
    }
    mine.jobs++;
    this.perCaller.set(caller, mine);
    this.admittedCount++;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.admittedCount--;
      if (--mine.jobs === 0) this.perCaller.delete(caller);
    };
    return {
      caller,
      servedMs: 0,
      seq: this.seq++,
      release,
      settle: (resolve, reject) => ({
        resolve: (value) => {
          release();
          resolve(value);
        },
        reject: (err) => {
          release();
          reject(err);
        },
      }),
    };
  }

  /** The job waits for a worker (again, after a slice). */
  push(job: J): void {
    this.waiting.push(job);
  }

  /** Adds run time to a job and its caller. */
  served(ticket: Ticket, ms: number): void {
    ticket.servedMs += ms;
    const mine = this.perCaller.get(ticket.caller);
    if (mine) mine.servedMs += ms;
  }

  /** The next job to run (see the file's comment), taken off the queue. */
  next(): J | undefined {
    let best = -1;
    let bestKey: [number, number, number] = [Infinity, Infinity, Infinity];
    for (let i = 0; i < this.waiting.length; i++) {
      const t = this.waiting[i].ticket;
      const key: [number, number, number] = [this.perCaller.get(t.caller)?.servedMs ?? 0, t.servedMs, t.seq];
      if (key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
        best = i;
        bestKey = key;
      }
    }
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }

  /** Every waiting job, taken off the queue (closing). */
  drain(): J[] {
    return this.waiting.splice(0);
  }
}
