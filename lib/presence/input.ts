import { z } from 'zod';

/** What a question page's heartbeat says: which tab, which question, and whether it is typing. */
export const presenceInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('here'),
    tabId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    questionId: z.number().int().positive(),
    typing: z.boolean(),
  }),
  z.object({ kind: z.literal('leave'), tabId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
]);

export type PresenceInput = z.infer<typeof presenceInput>;
