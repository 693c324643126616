import { gzipSync } from 'node:zlib';
import { createQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import type { BenchmarkResult, Figure, Size } from './figures';
import { ensureBuild, type RunningServer, startNextServer } from './support/next-server';
import { addStaff, preparedDatabase, scratchFolder, withDatabase } from './support/server-db';

/**
 * 13. Page weight: the JavaScript a page makes a browser load, against Next.js's own empty page
 * in the same build (/floor/empty, served with BENCH_FLOOR=on), and the "Ask us" loader
 * (/widget.js) a bakery's website includes. A page's JavaScript is every `<script src>` in the
 * HTML the production server sends, each file fetched and gzipped here at zlib's default level
 * (what `next start` itself serves compressed), summed; the inline scripts that carry the page's
 * data are part of the HTML and not counted. Sizes do not vary between runs: one sample each.
 */

/**
 * A page to weigh: its path on the desk, how the report names it, and, for a page held to a
 * target, the most JavaScript it may load as a multiple of the empty page's.
 */
export type WeighedPage = { label: string; path: string; withinFloor?: number };

export type PageWeight = WeighedPage & { scriptBytesGzip: number; scriptRequests: number };

export const EMPTY_PAGE: WeighedPage = { label: 'empty Next.js page', path: '/floor/empty' };
const LOADER_PATH = '/widget.js';
const LOADER_BUDGET_BYTES = 5 * 1024;

const gzipBytes = (body: Uint8Array) => gzipSync(body).byteLength;

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/**
 * The `src` of every script element in the page's HTML that a browser loads, as absolute
 * addresses. A `nomodule` script (Next.js's polyfills) is left out: every browser that runs
 * modules, which the pages need, skips it.
 */
export function scriptSources(html: string, pageUrl: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] as string;
    if (/\snomodule\b/i.test(attributes)) continue;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    if (!src) continue;
    sources.add(new URL(src, pageUrl).toString());
  }
  return [...sources];
}

/** Each page's script files, fetched from the running server and gzipped. */
export async function weighPages(
  server: RunningServer,
  pages: readonly WeighedPage[],
): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const page of pages) {
    const url = `${server.url}${page.path}`;
    const html = await (await fetchOk(url)).text();
    const sources = scriptSources(html, url);
    let scriptBytesGzip = 0;
    for (const source of sources) {
      scriptBytesGzip += gzipBytes(new Uint8Array(await (await fetchOk(source)).arrayBuffer()));
    }
    weights.push({ ...page, scriptBytesGzip, scriptRequests: sources.length });
  }
  return weights;
}

/** The loader's size as a bakery's website downloads it, gzipped. */
export async function weighLoader(server: RunningServer): Promise<number> {
  const response = await fetchOk(`${server.url}${LOADER_PATH}`);
  return gzipBytes(new Uint8Array(await response.arrayBuffer()));
}

/** Each page's figures beside the empty page's. */
function pageFigures(weights: PageWeight[]): Figure[] {
  const floor = weights.find((weight) => weight.path === EMPTY_PAGE.path);
  if (!floor) throw new Error('the empty page was not weighed');
  return weights
    .filter((weight) => weight !== floor)
    .flatMap((weight): Figure[] => [
      {
        name: `${weight.label}: JavaScript, gzip`,
        unit: 'KiB',
        samples: [weight.scriptBytesGzip / 1024],
        baseline: { label: EMPTY_PAGE.label, samples: [floor.scriptBytesGzip / 1024] },
        ...(weight.withinFloor
          ? {
              targets: [
                {
                  on: 'ratio' as const,
                  atMost: weight.withinFloor,
                  text: `within ${weight.withinFloor}× of the empty page`,
                },
              ],
            }
          : {}),
      },
      {
        name: `${weight.label}: script requests`,
        unit: 'requests',
        samples: [weight.scriptRequests],
        baseline: { label: EMPTY_PAGE.label, samples: [floor.scriptRequests] },
      },
    ]);
}

export async function run(_options: { size: Size }): Promise<BenchmarkResult> {
  await ensureBuild();
  const scratch = scratchFolder();
  let server: RunningServer | undefined;
  try {
    const path = `${scratch.dir}/page-weight.db`;
    await preparedDatabase(path);
    const ticket = await withDatabase(path, async () => {
      const stored = await createQuestion({
        text: 'Do you have rye bread on Saturday?',
        customerName: 'Bench Customer',
        customerEmail: '',
        channel: 'widget',
      });
      if (!stored.created) throw new Error('the question was not stored');
      // A reply under the question, so the page loads what a customer's usually does: the
      // reply's "Did this answer your question?" form as well as the write-back form.
      const sent = await sendReply({
        questionId: stored.question.id,
        text: 'Yes, we bake rye on Saturday from 7.',
        version: stored.question.version,
        userId: await addStaff({ email: 'weigher@bakery.test', passwordHash: 'unused' }),
        now: new Date(),
      });
      if (!sent.ok) throw new Error('the reply was not sent');
      return stored.ticketToken;
    });
    server = await startNextServer({ databasePath: path, env: { BENCH_FLOOR: 'on' } });
    const weights = await weighPages(server, [
      EMPTY_PAGE,
      { label: '/ask', path: '/ask', withinFloor: 1.25 },
      { label: 'ticket page, a reply sent', path: `/t/${ticket}`, withinFloor: 1.25 },
      { label: 'Ask us panel', path: '/widget' },
      { label: 'Ask us panel, a conversation', path: `/widget/t/${ticket}` },
    ]);
    const loaderBytes = await weighLoader(server);
    return {
      id: 13,
      title: 'Page weight',
      method:
        'Each page fetched from `next start` (BENCH_FLOOR=on for the empty page); every `<script src>` in its HTML (but the `nomodule` polyfills, which browsers that run modules skip) fetched and gzipped at zlib’s default level, summed, and counted as requests. Beside each, Next.js’s own empty page in the same build; /ask and the ticket page (with a reply sent, so its feedback form loads too) are held within 1.25× of it. The loader is /widget.js, gzipped the same way.',
      figures: [
        {
          name: 'Ask us loader (/widget.js), gzip',
          unit: 'bytes',
          samples: [loaderBytes],
          targets: [
            { on: 'value', atMost: LOADER_BUDGET_BYTES, text: `≤ ${LOADER_BUDGET_BYTES} bytes` },
          ],
        },
        ...pageFigures(weights),
      ],
    };
  } finally {
    await server?.stop();
    scratch.remove();
  }
}
