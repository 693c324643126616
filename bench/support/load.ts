import autocannon from 'autocannon';

export type LoadResult = {
  /** Responses in each whole second of the run. */
  perSecond: number[];
  p50Ms: number;
  p99Ms: number;
  total: number;
};

/**
 * Drives one URL at a fixed number of connections for a fixed time (autocannon, in this
 * process). Any error or non-2xx response fails the run: a fast error is not throughput.
 */
export function loadTest(options: {
  url: string;
  connections: number;
  durationS: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}): Promise<LoadResult> {
  const buckets = new Array<number>(options.durationS).fill(0);
  let started = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        duration: options.durationS,
        timeout: 10,
      },
      (error, result) => {
        if (error) return reject(error);
        const failures = result.errors + result.timeouts + result.non2xx;
        if (failures > 0) {
          return reject(
            new Error(
              `${failures} of ${result.requests.total + result.errors} requests to ${options.url} failed (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`,
            ),
          );
        }
        resolve({
          perSecond: buckets,
          p50Ms: result.latency.p50 ?? Number.NaN,
          p99Ms: result.latency.p99 ?? Number.NaN,
          total: result.requests.total,
        });
      },
    );
    instance.on('start', () => {
      started = performance.now();
    });
    instance.on('response', () => {
      const second = Math.floor((performance.now() - started) / 1000);
      // The last, partial second is left out.
      if (second < buckets.length) buckets[second] = (buckets[second] ?? 0) + 1;
    });
  });
}
