import { z } from 'zod';

/** The knowledge page's forms, parsed alike by the actions and in the browser. */

export const KNOWLEDGE_TITLE_MAX = 80;
export const KNOWLEDGE_ANSWER_MAX = 1000;
export const KNOWLEDGE_TAGS_MAX = 8;
export const HANDOVER_TOPICS_MAX = 20;

const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== 'off');

/** "delivery, Cakes,  payment" to ["delivery", "cakes", "payment"]: lower-case, no repeats. */
const tags = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const list = [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, ' '))
          .filter(Boolean),
      ),
    ];
    if (list.length > KNOWLEDGE_TAGS_MAX) {
      ctx.addIssue({ code: 'custom', message: `Use at most ${KNOWLEDGE_TAGS_MAX} tags.` });
      return z.NEVER;
    }
    const long = list.find((tag) => tag.length > 30);
    if (long) {
      ctx.addIssue({
        code: 'custom',
        message: `Keep each tag to 30 characters (“${long.slice(0, 30)}…”).`,
      });
      return z.NEVER;
    }
    return list;
  });

export const knowledgeEntryInput = z.object({
  title: z
    .string({ error: 'Enter a title.' })
    .trim()
    .min(1, { error: 'Enter a title, such as “Delivery”.' })
    .max(KNOWLEDGE_TITLE_MAX, { error: `Use at most ${KNOWLEDGE_TITLE_MAX} characters.` }),
  answer: z
    .string({ error: 'Enter the answer.' })
    .trim()
    .min(1, { error: 'Enter the answer drafts may give.' })
    .max(KNOWLEDGE_ANSWER_MAX, { error: `Use at most ${KNOWLEDGE_ANSWER_MAX} characters.` }),
  tags,
  enabled: checkbox,
});
export type KnowledgeEntryInput = z.output<typeof knowledgeEntryInput>;

const id = z.coerce.number({ error: 'Choose an entry.' }).int().positive();

export const knowledgeEntryRef = z.object({ id });
export const knowledgeEntryUpdate = knowledgeEntryInput.extend({ id });
export const knowledgeEntrySwitch = z.object({ id, enabled: z.enum(['true', 'false']) });

/** One topic a line; each always goes to a person. */
export const handoverTopicsInput = z.object({
  topics: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const list = [
        ...new Set(
          (value ?? '')
            .split(/\r?\n/)
            .map((line) => line.trim().toLowerCase().replace(/\s+/g, ' '))
            .filter(Boolean),
        ),
      ];
      if (list.length > HANDOVER_TOPICS_MAX) {
        ctx.addIssue({ code: 'custom', message: `Use at most ${HANDOVER_TOPICS_MAX} topics.` });
        return z.NEVER;
      }
      const long = list.find((topic) => topic.length > 60);
      if (long) {
        ctx.addIssue({
          code: 'custom',
          message: `Keep each topic to 60 characters (“${long.slice(0, 40)}…”).`,
        });
        return z.NEVER;
      }
      return list;
    }),
});
