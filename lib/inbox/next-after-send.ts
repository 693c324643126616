/**
 * Where a person goes after Send: the question needing review just older than the one sent
 * (the way down the list they were working), else the nearest newer one; none when nothing
 * waits, or when they chose to stay.
 */
export function nextAfterSend({
  enabled,
  sentId,
  older,
  newer,
}: {
  enabled: boolean;
  sentId: number;
  older: number | null;
  newer: number | null;
}): number | null {
  if (!enabled) return null;
  for (const candidate of [older, newer]) {
    if (candidate !== null && candidate !== sentId) return candidate;
  }
  return null;
}
