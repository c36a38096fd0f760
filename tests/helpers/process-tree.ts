import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// What a server process and every process under it use, read from /proc (Linux): resident memory
// and CPU time. The tests that bound a server's cost under abuse measure the whole tree.

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** The process and its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(Number(entry))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** Resident memory (VmRSS) of the tree, in bytes. */
export function treeRss(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
    } catch {}
  }
  return total;
}

let ticksPerSecond = 0;

/** CPU time (user + system, utime + stime in /proc/<pid>/stat) the tree's live processes have used, in seconds. */
export function treeCpuSeconds(root: number): number {
  ticksPerSecond ||= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const fields = statFields(pid);
      // utime and stime are fields 14 and 15 of the stat line, 12 and 13 after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / ticksPerSecond;
}

/**
 * Waits until the tree has used at most one clock tick in `quietMs` (bounded by `timeoutMs`), so a
 * measurement that starts next counts the requests it makes, not work still under way from before
 * (an upload's follow-up, a page regenerated after a write, a collection).
 */
export async function whenIdle(root: number, quietMs = 300, timeoutMs = 15_000): Promise<void> {
  const tick = 1 / (ticksPerSecond || Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const before = treeCpuSeconds(root);
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (treeCpuSeconds(root) - before <= tick + 1e-9) return;
  }
}
