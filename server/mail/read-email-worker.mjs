// The thread that reads emails (server/mail/email-reader.ts starts it): readEmail runs here, off
// the server's event loop, under a heap limit the server sets and a time limit it enforces by
// ending this thread. Plain JavaScript, so the same file runs under `next start`, `npm run
// worker` and the tests: tsx (a dependency the desk already runs its scripts with) loads the
// TypeScript reader from the sources.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { readEmail } = await import('../../lib/mail/read-email.ts');

parentPort.on('message', async ({ id, raw, ownAddresses, authservId }) => {
  try {
    const read = await readEmail(Buffer.from(raw), { ownAddresses, authservId });
    parentPort.postMessage({ id, read });
  } catch (error) {
    parentPort.postMessage({
      id,
      read: {
        readable: false,
        reason: `it could not be parsed (${error instanceof Error ? error.message : String(error)})`,
        messageId: null,
      },
    });
  }
});
parentPort.postMessage({ ready: true });
