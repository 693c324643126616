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
