import 'server-only';
import { versionsOf } from '@/db/bulk';
import { labelsOfQuestions, listLabels } from '@/db/labels';
import type { Label } from '@/db/schema';

/** What the inbox list adds to its rows for labels and bulk actions: versions and chips. */
export async function rowExtras(ids: number[]): Promise<{
  versions: Map<number, number>;
  labels: Map<number, Label[]>;
  all: Label[];
}> {
  const [versions, labels, all] = await Promise.all([
    versionsOf(ids),
    labelsOfQuestions(ids),
    listLabels(),
  ]);
  return { versions, labels, all };
}
