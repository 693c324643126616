import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A port nobody on 127.0.0.1 listens on now, as the system hands them out: servers a spec
 * starts itself take one each, so the same spec can run in two workers at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port given'))));
    });
  });
}

/**
 * `count` ports free now, found without waiting (a child process listens on each, then lets
 * them go): playwright.config.ts must name a worker's desks before its specs load.
 */
export function freePortsSync(count: number): number[] {
  const script = `const net = require('node:net');
const servers = Array.from({ length: ${count} }, () => net.createServer());
let ready = 0;
for (const s of servers) s.listen(0, '127.0.0.1', () => {
  if (++ready === servers.length) {
    console.log(servers.map((x) => x.address().port).join(' '));
    for (const x of servers) x.close();
  }
});`;
  const ports = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .map(Number);
  if (ports.length !== count || ports.some((port) => !port)) throw new Error('no free ports');
  return ports;
}
