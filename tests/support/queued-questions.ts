import { createQuestion } from '@/db/questions';

/**
 * Queues `count` questions through the intake's own write, a millisecond apart (so the queue's
 * order is theirs), alternating two the offline drafter answers from the example bakery.
 */
export async function queueApiQuestions(count: number): Promise<void> {
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    await createQuestion({
      text: i % 2 ? 'How much is a rye loaf?' : 'Are you open on Saturday?',
      customerName: `Customer ${i}`,
      customerEmail: null,
      channel: 'api',
      externalId: `q-${i}`,
      now: new Date(start + i),
    });
  }
}
