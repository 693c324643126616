/** A stage run: its exit code, or null when it was stopped because another stage failed. */
export type StageResult = { name: string; ms: number; code: number | null };
export type Stage = { name: string; script: string; after: string[] };
/** `npm test`'s stages in order, each an npm script, with the stages each waits for. */
export const stages: Stage[];
/** Seconds as people read them: "42 s", "3 min 05 s". */
export function formatDuration(ms: number): string;
/** The closing table, one row per stage run, and the whole run's time (default: their sum). */
export function timingTable(results: StageResult[], wallMs?: number): string;
/** The chosen stages that may start now. */
export function readyStages(state: {
  chosen: Stage[];
  passed: Set<string>;
  started: Set<string>;
  running: number;
  oneAtATime: boolean;
}): Stage[];
/** What a stage's environment adds when the chosen stages run (the build's type check skipped). */
export function stageEnv(stage: Stage, chosen: Stage[]): Record<string, string>;
