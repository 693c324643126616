import { join } from 'node:path';

/**
 * Each Playwright worker has desks of its own, so journeys run side by side: the main desk
 * (offline drafter, intake key, behind a "proxy" on this machine) and the desk that drafts with
 * "Claude" against a fake Messages API. They are named
 * (ports free when the worker starts; folders and, in a PostgreSQL run, databases after the
 * worker's index) before the specs load, so a spec can name them as it loads
 * (`test.use({ baseURL: process.env.E2E_CLAUDE_BASE_URL })`); a worker started again after a
 * failure has a new index, and new ones.
 */
export type WorkerDeskPlan = {
  /** Settings the worker's specs read: E2E_BASE_URL, E2E_DATABASE_PATH, E2E_CLAUDE_… */
  env: Record<string, string>;
  mainPort: number;
  claudePort: number;
  fakeAnthropicPort: number;
};

export function workerDeskPlan({
  runDir,
  workerIndex,
  ports: [mainPort, claudePort, fakeAnthropicPort],
  postgresAdminUrl,
}: {
  runDir: string;
  workerIndex: number;
  /** The main desk's, the Claude desk's and its fake Messages API's. */
  ports: [number, number, number];
  /** Set in a PostgreSQL run: each desk gets a database of its own on that server. */
  postgresAdminUrl?: string;
}): WorkerDeskPlan {
  const url = (database: string) => {
    if (!postgresAdminUrl) return undefined;
    const at = new URL(postgresAdminUrl);
    at.pathname = `/e2e_w${workerIndex}_${database}`;
    return at.toString();
  };
  const databaseUrl = url('desk');
  const claudeDatabaseUrl = url('claude');
  return {
    mainPort,
    claudePort,
    fakeAnthropicPort,
    env: {
      E2E_BASE_URL: `http://127.0.0.1:${mainPort}`,
      E2E_DATABASE_PATH: join(runDir, `w${workerIndex}-desk`, 'desk.db'),
      E2E_CLAUDE_BASE_URL: `http://127.0.0.1:${claudePort}`,
      E2E_CLAUDE_DATABASE_PATH: join(runDir, `w${workerIndex}-claude`, 'desk.db'),
      E2E_FAKE_ANTHROPIC_URL: `http://127.0.0.1:${fakeAnthropicPort}`,
      ...(databaseUrl && claudeDatabaseUrl
        ? { E2E_DATABASE_URL: databaseUrl, E2E_CLAUDE_DATABASE_URL: claudeDatabaseUrl }
        : {}),
    },
  };
}
