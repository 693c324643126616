/**
 * What a benchmark reports: plain data, so the runner, the tests and the Markdown formatter
 * agree on it without depending on one another.
 */

/**
 * A goal for one figure. `value` is checked against the figure's median; `ratio` against the
 * median over the baseline's median (or, for a paired baseline, the median of the per-round
 * ratios), so a noisy shared machine slows both sides alike.
 */
export type Target = {
  on: 'value' | 'ratio';
  atLeast?: number;
  atMost?: number;
  /** How the report states it, e.g. "≥ 1,000 drafts/s". */
  text: string;
};

export type Baseline = {
  /** What the baseline is, e.g. "better-sqlite3 alone". */
  label: string;
  samples: number[];
  /**
   * Measured in interleaved rounds (baseline, ours, baseline, ours, …): sample i and the
   * baseline's sample i come from the same round, and the ratio is the median of the per-round
   * ratios, so a slow moment on the machine falls on both sides of one ratio alike.
   */
  paired?: boolean;
};

export type Figure = {
  name: string;
  unit: string;
  /** One value per repeated run (or per interval of one run; the benchmark says which). */
  samples: number[];
  baseline?: Baseline;
  targets?: Target[];
};

export type BenchmarkResult = {
  id: number;
  title: string;
  /** How it was measured, in a sentence or two, for the report. */
  method: string;
  figures: Figure[];
  /** Set when the benchmark could not finish: the report shows the error instead of figures. */
  error?: string;
  /** Shown under the benchmark when one of its targets is missed: the known cause and the fix. */
  whenMissed?: string;
  /** Drawn under the benchmark's table: time against size, or how latencies spread. */
  charts?: Chart[];
};

/**
 * A chart in the report. `lines`: one or more series of (x, y) points, e.g. milliseconds against
 * conversations. `distribution`: raw samples per series, drawn as counts per latency bucket.
 */
export type Chart =
  | {
      kind: 'lines';
      title: string;
      xLabel: string;
      yLabel: string;
      series: { name: string; points: { x: number; y: number }[] }[];
    }
  | {
      kind: 'distribution';
      title: string;
      unit: string;
      series: { name: string; samples: number[] }[];
    };

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
};

export type Size = 'tiny' | 'full';
