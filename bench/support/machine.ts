import { cpus, release, totalmem, type } from 'node:os';
import type { Machine } from '../figures';

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    os: `${type()} ${release()}`,
  };
}
