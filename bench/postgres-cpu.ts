/**
 * CPU seconds used so far by the server processes of a local cluster (`compound-db db start`): the children of
 * its postmaster, read from /proc (Linux). On a shared machine a wall-clock rate says more about the neighbours
 * than about the load; CPU time says what the load costs.
 */
import * as fs from 'fs';
import * as path from 'path';

const TICKS_PER_SECOND = 100;

/**
 * From /proc/PID/stat (the fields after the command name, which may hold spaces): the parent, the process's own
 * utime + stime, and cutime + cstime (its children that ended: a backend whose connection closed).
 */
function cpuOf(stat: string): { parent: number; own: number; ended: number } {
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { parent: f[1], own: (f[11] + f[12]) / TICKS_PER_SECOND, ended: (f[13] + f[14]) / TICKS_PER_SECOND };
}

/** CPU seconds used so far by one process (a service process of the bench). */
export function processCpuSeconds(pid: number): number {
  return cpuOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).own;
}

export function serverCpuSeconds(clusterDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const p = cpuOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (Number(pid) === postmaster) total += p.own + p.ended;
      else if (p.parent === postmaster) total += p.own;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
