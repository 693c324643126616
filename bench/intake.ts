import type { BenchmarkResult, Figure, Size } from './figures';
import { INTAKE_KEY } from './support/desk-client';
import { type LoadResult, loadTest } from './support/load';
import {
  ensureBuild,
  type RunningServer,
  startBaselineIntakeServer,
  startNextServer,
} from './support/next-server';
import { preparedDatabase, scratchFolder } from './support/server-db';
import { median } from './support/stats';

/**
 * 3. Intake: POST /api/questions on the production server against Next.js's own floor, an
 * empty route handler on the same server (POST /api/bench-floor), at several connection counts;
 * a bare node:http + better-sqlite3 server doing the same validated insert is reported beside it.
 */

const body = JSON.stringify({
  text: 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
  customer: { name: 'Maya Ortiz', email: 'maya@example.com' },
});
const headers = { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' };

function post(url: string, connections: number, durationS: number): Promise<LoadResult> {
  return loadTest({ url, method: 'POST', headers, body, connections, durationS });
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const durationS = size === 'full' ? 10 : 1;
  const levels = size === 'full' ? [1, 8, 32] : [1];
  const warmUpS = size === 'full' ? 2 : 1;
  await ensureBuild();
  const scratch = scratchFolder();
  const ourPath = `${scratch.dir}/next.db`;
  const barePath = `${scratch.dir}/baseline.db`;
  await preparedDatabase(ourPath);
  await preparedDatabase(barePath);
  const servers: RunningServer[] = [];
  try {
    const ours = await startNextServer({
      databasePath: ourPath,
      env: { DRAFT_WORKER: 'off', INTAKE_API_KEY: INTAKE_KEY, BENCH_FLOOR: 'on' },
    });
    servers.push(ours);
    const bare = await startBaselineIntakeServer({ databasePath: barePath, apiKey: INTAKE_KEY });
    servers.push(bare);
    const intakeUrl = `${ours.url}/api/questions`;
    const floorUrl = `${ours.url}/api/bench-floor`;
    const bareUrl = `${bare.url}/api/questions`;

    // Route modules load on first use; nothing is measured cold.
    for (const url of [bareUrl, floorUrl, intakeUrl]) await post(url, 8, warmUpS);

    const figures: Figure[] = [];
    const floorP99: number[] = [];
    const shortOfFloor: string[] = [];
    /** Milliseconds per request intake adds to the floor at one connection, where nothing queues. */
    let addedAtOne: { intakeMs: number; floorMs: number } | undefined;
    for (const connections of levels) {
      const bareRun = await post(bareUrl, connections, durationS);
      const floor = await post(floorUrl, connections, durationS);
      const intake = await post(intakeUrl, connections, durationS);
      floorP99.push(floor.p99Ms);
      const ratio = median(intake.perSecond) / median(floor.perSecond);
      if (ratio < 0.75) {
        const spread = `${Math.min(...floor.perSecond)}–${Math.max(...floor.perSecond)}`;
        shortOfFloor.push(
          `${ratio.toFixed(2)}× at ${connections} connection${connections === 1 ? '' : 's'} (the floor's own one-second samples ran ${spread} requests/s there)`,
        );
      }
      if (connections === 1) {
        addedAtOne = {
          intakeMs: 1000 / median(intake.perSecond),
          floorMs: 1000 / median(floor.perSecond),
        };
      }
      const at = `${connections} connection${connections === 1 ? '' : 's'}`;
      const floorLabel = 'empty route, same server';
      figures.push(
        {
          name: `requests/s at ${at}`,
          unit: 'req/s',
          samples: intake.perSecond,
          baseline: { label: floorLabel, samples: floor.perSecond },
          targets: [{ on: 'ratio', atLeast: 0.75, text: '≥ 0.75× the floor' }],
        },
        {
          name: `p50 latency at ${at}`,
          unit: 'ms',
          samples: [intake.p50Ms],
          baseline: { label: floorLabel, samples: [floor.p50Ms] },
        },
        {
          name: `p99 latency at ${at}`,
          unit: 'ms',
          samples: [intake.p99Ms],
          baseline: { label: floorLabel, samples: [floor.p99Ms] },
          targets: connections === 32 ? [{ on: 'value', atMost: 50, text: '≤ 50 ms' }] : undefined,
        },
        {
          name: `Next's floor against bare node:http, requests/s at ${at}`,
          unit: 'req/s',
          samples: floor.perSecond,
          baseline: { label: 'bare node:http + better-sqlite3 intake', samples: bareRun.perSecond },
        },
      );
    }
    return {
      id: 3,
      title: 'Intake',
      method: `autocannon (in the runner's process) POSTs the same valid question for ${durationS} s at each of ${levels.join(', ')} connection(s), in turn to three targets after a ${warmUpS} s warm-up of each: a bare node:http + better-sqlite3 server doing the same bearer check, zod validation and insert; then, on the production server (\`next start\`, fresh database, DRAFT_WORKER=off so drafting does not compete with intake for the CPU), an empty route handler (POST /api/bench-floor, turned on with BENCH_FLOOR=on: it reads the body and answers 201) as Next.js's own floor, and the intake API itself. Ratios are against the floor; the bare server's figures are reported beside it to show what Next.js itself costs. Requests/s samples are the run's one-second intervals; latencies are over every request of the run (autocannon's histogram, whole milliseconds). Every response must be 2xx.`,
      figures,
      whenMissed: [
        shortOfFloor.length > 0 ? `Intake reached ${shortOfFloor.join(' and ')}.` : '',
        addedAtOne
          ? `At one connection, where nothing queues, a request to the floor took ${addedAtOne.floorMs.toFixed(2)} ms and one to intake ${addedAtOne.intakeMs.toFixed(2)} ms: intake's own work is the ${(addedAtOne.intakeMs - addedAtOne.floorMs).toFixed(2)} ms between them, i.e. the bearer check, zod validation, a ticket token and its hash, and one transaction that commits the question, its first message and its tab's count (with their indexes) before the 201 is sent. The commit is most of it, and no smaller write keeps the question safe before the customer is told it arrived. Over a floor of under 2 ms that fixed cost puts the ratio near 0.75×, a few hundredths either side from run to run as the floor's own samples spread.`
          : '',
        `The floor's own p99 at ${levels.at(-1)} connections was ${floorP99.at(-1)} ms in this run: every request on this server, even one that does nothing, passes through Next.js's router, the request proxy (host check, CSP nonce) and web-stream Request and Response objects on one thread, and at ${levels.at(-1)} connections requests queue behind one another, so intake's p99 cannot be lower than the floor's${(floorP99.at(-1) ?? 0) > 50 ? `; on this machine a 50 ms p99 at ${levels.at(-1)} connections is out of reach of Next.js itself` : ''}.`,
      ]
        .filter(Boolean)
        .join(' '),
    };
  } finally {
    for (const server of servers) await server.stop();
    scratch.remove();
  }
}
