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
import { median, medianOfRatios } from './support/stats';

/**
 * 3. Intake: POST /api/questions on the production server against Next.js's own floor, an
 * empty route handler on the same server (POST /api/bench-floor), in interleaved rounds at
 * several connection counts; a bare node:http + better-sqlite3 server doing the same validated
 * insert is reported beside it.
 */

const body = JSON.stringify({
  text: 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
  customer: { name: 'Maya Ortiz', email: 'maya@example.com' },
});
const headers = { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' };

function post(url: string, connections: number, durationS: number): Promise<LoadResult> {
  return loadTest({ url, method: 'POST', headers, body, connections, durationS });
}

/** One connection count's measurements: interleaved rounds of the floor and intake. */
type Level = {
  connections: number;
  bare: LoadResult;
  /** Per round, in the order run: the floor's, then intake's. */
  rounds: { floor: LoadResult; intake: LoadResult }[];
};

/** Requests per second over a whole round, the last partial second included. */
function rate(result: LoadResult, durationS: number): number {
  return result.total / durationS;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const full = size === 'full';
  const bareS = full ? 10 : 1;
  const rounds = full ? 6 : 2;
  const roundS = full ? 3 : 1;
  const levels = full ? [1, 8, 32] : [1];
  const warmUpS = full ? 2 : 1;
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

    const measured: Level[] = [];
    for (const connections of levels) {
      const bareRun = await post(bareUrl, connections, bareS);
      const level: Level = { connections, bare: bareRun, rounds: [] };
      // Floor, intake, floor, intake, …: a slow moment on the machine lands in one round and
      // moves that round's two sides alike, so its ratio holds.
      for (let round = 0; round < rounds; round++) {
        const floor = await post(floorUrl, connections, roundS);
        const intake = await post(intakeUrl, connections, roundS);
        level.rounds.push({ floor, intake });
      }
      measured.push(level);
    }
    return {
      id: 3,
      title: 'Intake',
      method: `autocannon (in the runner's process) POSTs the same valid question at each of ${levels.join(', ')} connection(s), after a ${warmUpS} s warm-up of each target. First ${bareS} s to a bare node:http + better-sqlite3 server doing the same bearer check, zod validation and insert, reported beside the floor to show what Next.js itself costs. Then, on the production server (\`next start\`, fresh database, DRAFT_WORKER=off so drafting does not compete with intake for the CPU), ${rounds} interleaved rounds of ${roundS} s each: an empty route handler (POST /api/bench-floor, turned on with BENCH_FLOOR=on: it reads the body and answers 201) as Next.js's own floor, then the intake API itself, then the floor again, and so on. Each sample is one round (requests/s over the round; p50 and p99 over every request of the round, autocannon's histogram, whole milliseconds), and each ratio to the floor is the median of the ${rounds} per-round ratios, so the machine's noise falls on both sides of a ratio alike. Every response must be 2xx.`,
      figures: measured.flatMap((level) => levelFigures(level, roundS)),
      whenMissed: whyMissed(measured, roundS),
    };
  } finally {
    for (const server of servers) await server.stop();
    scratch.remove();
  }
}

const floorLabel = 'empty route, same server, same rounds';

function levelFigures(level: Level, roundS: number): Figure[] {
  const { connections, rounds } = level;
  const at = `${connections} connection${connections === 1 ? '' : 's'}`;
  const paired = (pick: (result: LoadResult) => number) => ({
    samples: rounds.map((round) => pick(round.intake)),
    baseline: {
      label: floorLabel,
      samples: rounds.map((round) => pick(round.floor)),
      paired: true,
    },
  });
  return [
    {
      name: `requests/s at ${at}`,
      unit: 'req/s',
      ...paired((result) => rate(result, roundS)),
      targets: [{ on: 'ratio', atLeast: 0.75, text: '≥ 0.75× the floor' }],
    },
    {
      name: `p50 latency at ${at}`,
      unit: 'ms',
      ...paired((result) => result.p50Ms),
    },
    {
      name: `p99 latency at ${at}`,
      unit: 'ms',
      ...paired((result) => result.p99Ms),
      targets:
        connections === 32
          ? [{ on: 'ratio', atMost: 1.25, text: "within 1.25× of the floor's p99" }]
          : undefined,
    },
    {
      name: `Next's floor against bare node:http, requests/s at ${at}`,
      unit: 'req/s',
      samples: rounds.map((round) => rate(round.floor, roundS)),
      baseline: {
        label: 'bare node:http + better-sqlite3 intake',
        samples: level.bare.perSecond,
      },
    },
  ];
}

/** Shown when a target is missed: what intake adds to the floor, and where the floor itself is. */
function whyMissed(measured: readonly Level[], roundS: number): string {
  const short: string[] = [];
  for (const { connections, rounds } of measured) {
    const ratio = medianOfRatios(
      rounds.map((round) => rate(round.intake, roundS)),
      rounds.map((round) => rate(round.floor, roundS)),
    );
    if (ratio < 0.75) {
      const floorRates = rounds.map((round) => Math.round(rate(round.floor, roundS)));
      short.push(
        `${ratio.toFixed(2)}× at ${connections} connection${connections === 1 ? '' : 's'} (the floor's own rounds ran ${Math.min(...floorRates)}–${Math.max(...floorRates)} requests/s there)`,
      );
    }
  }
  const one = measured.find((level) => level.connections === 1);
  const last = measured.at(-1);
  const msPerRequest = (pick: 'floor' | 'intake') =>
    one ? 1000 / median(one.rounds.map((round) => rate(round[pick], roundS))) : Number.NaN;
  const lastRatio = last
    ? medianOfRatios(
        last.rounds.map((round) => rate(round.intake, roundS)),
        last.rounds.map((round) => rate(round.floor, roundS)),
      )
    : Number.NaN;
  const floorMs = msPerRequest('floor');
  const intakeMs = msPerRequest('intake');
  return [
    short.length > 0 ? `Intake reached ${short.join(' and ')}.` : '',
    one
      ? `At one connection, where nothing queues, a request to the floor took ${floorMs.toFixed(2)} ms and one to intake ${intakeMs.toFixed(2)} ms: intake's own work is the ${(intakeMs - floorMs).toFixed(2)} ms between them, i.e. the bearer check, zod validation, a ticket token and its hash (together under 0.2 ms), and one transaction that commits the question, its first message, its tab's count and the dashboard's quarter hour, with their indexes (about 20 pages appended to SQLite's WAL, 0.2–0.3 ms), before the 201 is sent; SQLite's checkpoints, which sync the WAL and the file to disk, are taken on a thread of their own and no longer stop the server. No smaller write keeps the question safe before the customer is told it arrived. Over a floor of ${floorMs.toFixed(2)} ms that fixed cost alone puts the ratio near ${(floorMs / intakeMs).toFixed(2)}×.`
      : '',
    last
      ? `At ${last.connections} connections the floor's own p99 ran ${median(last.rounds.map((round) => round.floor.p99Ms))} ms (median of its rounds): every request on this server, even one that does nothing, passes through Next.js's router, the request proxy (host check, CSP nonce) and web-stream Request and Response objects on one thread, and requests queue behind one another, so intake's p99 is judged against the floor's in the same rounds rather than as a fixed time. With a fixed number of connections each waiting for its answer, the mean time of a request is the connections over the requests per second (Little's law), so intake at ${last.connections} connections, at ${lastRatio.toFixed(2)}× the floor's rate, takes ${(1 / lastRatio).toFixed(2)}× the floor's mean time: its p99 can come within 1.25× of the floor's only once its rate is at least 0.8× the floor's and its slowest requests are no slower, relative to its mean, than the floor's.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
