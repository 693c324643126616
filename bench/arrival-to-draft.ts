import { waitUntil } from '@/tests/support/processes';
import type { BenchmarkResult, Figure, Size } from './figures';
import {
  type Arrival,
  INTAKE_KEY,
  queueIsEmpty,
  startWorkerProcess,
  steadyArrivals,
  waitForDrafts,
} from './support/desk-client';
import { ensureBuild, type RunningServer, startNextServer } from './support/next-server';
import { preparedDatabase, scratchFolder } from './support/server-db';
import { percentile } from './support/stats';

/**
 * 10. Arrival to draft: how long a customer's question waits before its draft exists, with
 * questions arriving at a steady pace through the intake API and the offline drafter writing
 * them, first by the worker inside the server, then by a separate `npm run worker`.
 */

type Where = 'in the server' | 'in a separate worker process';

type Waits = { fromAnswer: number[]; fromSend: number[] };

/**
 * Milliseconds from each 201 to its stored draft (a draft stored before the 201 arrived is 0),
 * and from the moment the question was sent, which counts intake's own time too.
 */
function waits(arrivals: readonly Arrival[], stored: Map<number, number>): Waits {
  const at = (arrival: Arrival) => stored.get(arrival.id) ?? 0;
  return {
    fromAnswer: arrivals.map((arrival) => Math.max(0, at(arrival) - arrival.answeredAt)),
    fromSend: arrivals.map((arrival) => at(arrival) - arrival.sentAt),
  };
}

async function measure(
  where: Where,
  { perSecond, seconds }: { perSecond: number; seconds: number },
  dir: string,
): Promise<Waits> {
  const path = `${dir}/arrival-${where === 'in the server' ? 'server' : 'worker'}.db`;
  await preparedDatabase(path);
  const stops: (() => Promise<void>)[] = [];
  try {
    const server: RunningServer = await startNextServer({
      databasePath: path,
      env: { INTAKE_API_KEY: INTAKE_KEY, DRAFT_WORKER: where === 'in the server' ? 'on' : 'off' },
    });
    stops.push(server.stop);
    if (where !== 'in the server') stops.push((await startWorkerProcess(path)).stop);
    // The example bakery's sample questions are drafted first, so they are not in the way.
    await waitUntil('the sample questions were drafted', () => queueIsEmpty(path), 60_000);
    const arrivals = await steadyArrivals(server, { perSecond, seconds });
    const stored = await waitForDrafts(
      path,
      arrivals.map((arrival) => arrival.id),
    );
    return waits(arrivals, stored);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const load = size === 'full' ? { perSecond: 20, seconds: 30 } : { perSecond: 10, seconds: 1 };
  await ensureBuild();
  const scratch = scratchFolder();
  try {
    const inServerWaits = await measure('in the server', load, scratch.dir);
    const separateWaits = await measure('in a separate worker process', load, scratch.dir);
    const inServer = inServerWaits.fromAnswer;
    const separate = separateWaits.fromAnswer;
    const figures: Figure[] = [
      {
        name: 'p50 wait, worker in the server',
        unit: 'ms',
        samples: [percentile(inServer, 50)],
        targets: [{ on: 'value', atMost: 50, text: '≤ 50 ms' }],
      },
      {
        name: 'p99 wait, worker in the server',
        unit: 'ms',
        samples: [percentile(inServer, 99)],
        targets: [{ on: 'value', atMost: 250, text: '≤ 250 ms' }],
      },
      {
        name: 'p50 wait, separate worker process',
        unit: 'ms',
        samples: [percentile(separate, 50)],
      },
      {
        name: 'p99 wait, separate worker process',
        unit: 'ms',
        samples: [percentile(separate, 99)],
      },
      {
        name: 'p50 from sending the question, worker in the server',
        unit: 'ms',
        samples: [percentile(inServerWaits.fromSend, 50)],
      },
      {
        name: 'p99 from sending the question, worker in the server',
        unit: 'ms',
        samples: [percentile(inServerWaits.fromSend, 99)],
      },
      {
        name: 'p50 from sending the question, separate worker process',
        unit: 'ms',
        samples: [percentile(separateWaits.fromSend, 50)],
      },
      {
        name: 'p99 from sending the question, separate worker process',
        unit: 'ms',
        samples: [percentile(separateWaits.fromSend, 99)],
      },
    ];
    return {
      id: 10,
      title: 'Arrival to draft',
      method: `Questions are POSTed to \`/api/questions\` at a steady ${load.perSecond} a second for ${load.seconds} s (${load.perSecond * load.seconds} questions, each sent on schedule whatever the previous ones took) to the production server on a fresh database with the offline drafter; the wait is from the 201 reaching the client to the draft's commit (the question's stored \`updated_at\`, same clock, milliseconds; a draft stored before its 201 arrived counts as 0; the worker in the server often commits the draft before the 201 has reached the client, so the wait from sending the question, intake included, is reported beside it). First with the worker in the server (DRAFT_WORKER on, woken in-process by each arrival), then with DRAFT_WORKER=off and a separate \`npm run worker\` (woken by SQLite's data_version, read every 25 ms while idle). Percentiles are over every question of the run.`,
      figures,
      charts: [
        {
          kind: 'distribution',
          title: 'Arrival to draft: wait per question',
          unit: 'ms',
          series: [
            { name: 'worker in the server', samples: inServer },
            { name: 'separate worker process', samples: separate },
          ],
        },
      ],
      whenMissed:
        'Each draft runs in the same process as intake (or beside it on the same two cores): a wait above the target means drafts queued behind one another or behind requests on a loaded machine. See the load average above.',
    };
  } finally {
    scratch.remove();
  }
}
