import 'server-only';
import { env } from '@/lib/env';
import { startInboundMail } from './inbound';

/** Reads the mailbox inside the web server, like drafting (DRAFT_WORKER=off leaves it to `npm run worker`). */
export function startInboundMailInServer(): void {
  const config = env();
  if (config.DRAFT_WORKER === 'off' || !config.IMAP_URL) return;
  const inbound = startInboundMail({ log: (message) => console.log(`[mail] ${message}`) });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void inbound.stop();
    });
  }
}
