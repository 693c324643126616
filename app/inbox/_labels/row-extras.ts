import 'server-only';
import { type Assignee, listAssignablePeople } from '@/db/assignment';
import { versionsOf } from '@/db/bulk';
import { labelsOfQuestions, listLabels } from '@/db/labels';
import type { Label } from '@/db/schema';

/** What the inbox list adds to its rows for labels and bulk actions: versions, chips, people. */
export async function rowExtras(ids: number[]): Promise<{
  versions: Map<number, number>;
  labels: Map<number, Label[]>;
  all: Label[];
  people: Assignee[];
}> {
  const [versions, labels, all, people] = await Promise.all([
    versionsOf(ids),
    labelsOfQuestions(ids),
    listLabels(),
    listAssignablePeople(),
  ]);
  return { versions, labels, all, people };
}
