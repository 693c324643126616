import { menuNameKey } from '@/lib/bakery-facts/menu-name';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
import { type Db, immediate } from './client';
import { insertMessage } from './conversations';
import { exampleBakery } from './example-bakery';
import { bakery, knowledgeEntries, menuItems, questions, weeklyHours } from './schema';

/** Inserts the example bakery and sample questions, only into a database with no bakery yet. */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return immediate(db, async (tx) => {
    const [existing] = await tx.select({ id: bakery.id }).from(bakery).limit(1);
    if (existing) return false;
    await tx.insert(bakery).values({
      id: 1,
      name: exampleBakery.name,
      timezone: exampleBakery.timezone,
      contact: exampleBakery.contact,
      // A new desk's owner is walked through the guided start once setup is done.
      firstRun: 'pending',
      updatedAt: now,
    });
    for (const [day, hours] of Object.entries(exampleBakery.weeklyHours)) {
      await tx.insert(weeklyHours).values({
        weekday: Number(day),
        opens: hours?.opens ?? null,
        closes: hours?.closes ?? null,
      });
    }
    for (const item of exampleBakery.menu) {
      await tx.insert(menuItems).values({
        ...item,
        nameKey: menuNameKey(item.name),
        createdAt: now,
        updatedAt: now,
      });
    }
    for (const entry of exampleBakery.knowledge) {
      await tx
        .insert(knowledgeEntries)
        .values({ ...entry, enabled: true, createdAt: now, updatedAt: now });
    }
    for (const [i, q] of exampleBakery.sampleQuestions.entries()) {
      // A second apart, oldest first, so the queue drafts them in the order listed.
      const at = new Date(now.getTime() - (exampleBakery.sampleQuestions.length - i) * 1000);
      const [opened] = await tx
        .insert(questions)
        .values({
          ...q,
          channel: 'sample',
          externalId: `sample-${i + 1}`,
          // Nobody holds the sample tickets' links: only a hash of a token never shown.
          ticketHash: hashTicketToken(newTicketToken()),
          receivedAt: at,
          lastMessageAt: at,
          updatedAt: at,
        })
        .returning({ id: questions.id });
      if (!opened) throw new Error(`Sample question ${i + 1} was not written.`);
      await insertMessage(tx, {
        questionId: opened.id,
        author: 'customer',
        channel: 'sample',
        text: q.text,
        externalId: `sample-${i + 1}`,
        at,
      });
    }
    return true;
  });
}
