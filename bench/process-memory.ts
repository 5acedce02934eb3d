/**
 * Resident memory of a process tree read from /proc (Linux), sampled while a run goes on: the grid bench uses it to
 * weigh the extension host and the browser's renderer processes (where the webview lives) of its own code-server run,
 * not of other runs on the machine. RSS counts pages shared between processes in each, so a sum is an upper bound.
 */
import * as fs from 'fs';

interface ProcessMemory {
  pid: number;
  /** What the process is: `extensionHost`, `renderer`, ... (Chromium's and VS Code's `--type=`), or `other`. */
  kind: string;
  rssBytes: number;
}

function readProcess(pid: number): { ppid: number; rssBytes: number; kind: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const kind = /--type=([\w-]+)/.exec(args)?.[1] ?? 'other';
    return { ppid: Number(fields[1]), rssBytes: Number(fields[21]) * 4096, kind };
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

/** Every process below `root` (not `root` itself), with its RSS now. */
function descendantsMemory(root: number): ProcessMemory[] {
  let pids: number[];
  try {
    pids = fs
      .readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
  const byParent = new Map<number, Array<ProcessMemory & { ppid: number }>>();
  for (const pid of pids) {
    const p = readProcess(pid);
    if (!p) continue;
    const siblings = byParent.get(p.ppid) ?? [];
    siblings.push({ pid, ...p });
    byParent.set(p.ppid, siblings);
  }
  const found: ProcessMemory[] = [];
  const walk = (pid: number) => {
    for (const child of byParent.get(pid) ?? []) {
      found.push({ pid: child.pid, kind: child.kind, rssBytes: child.rssBytes });
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

/** Sums of RSS by process kind. */
export type MemoryByKind = Record<string, number>;

export function memoryByKind(root: number, kinds: string[]): MemoryByKind {
  const sums: MemoryByKind = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (const p of descendantsMemory(root)) if (p.kind in sums) sums[p.kind] += p.rssBytes;
  return sums;
}

/** The largest RSS of each kind of process seen while sampling (each kind's peak, not necessarily at one moment). */
export class PeakMemory {
  private timer: NodeJS.Timeout | undefined;
  readonly peak: MemoryByKind;

  constructor(
    private readonly root: number,
    private readonly kinds: string[],
  ) {
    this.peak = Object.fromEntries(kinds.map((k) => [k, 0]));
  }

  start(everyMs = 250): void {
    this.sample();
    this.timer ??= setInterval(() => this.sample(), everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private sample(): void {
    const now = memoryByKind(this.root, this.kinds);
    for (const kind of this.kinds) this.peak[kind] = Math.max(this.peak[kind], now[kind]);
  }
}
