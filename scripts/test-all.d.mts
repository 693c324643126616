export type StageResult = { name: string; ms: number; code: number };
/** `npm test`'s stages in order, each an npm script. */
export const stages: { name: string; script: string }[];
/** Seconds as people read them: "42 s", "3 min 05 s". */
export function formatDuration(ms: number): string;
/** The closing table, one row per stage run (and a total). */
export function timingTable(results: StageResult[]): string;
