import { readFileSync } from 'node:fs';

/** A process's resident memory from /proc: now (VmRSS) and its peak so far (VmHWM), in MiB. */
export function residentMemory(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * Polls a process's memory while work runs. VmHWM already keeps the peak; polling also
 * catches it if the process ends before the last read.
 */
export function watchPeakMemory(pid: number, intervalMs = 250): { stop: () => number } {
  let peak = 0;
  const read = () => {
    try {
      peak = Math.max(peak, residentMemory(pid).peakMiB);
    } catch {
      // Gone: keep the last reading.
    }
  };
  read();
  const timer = setInterval(read, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}
