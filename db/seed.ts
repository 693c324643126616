import { menuNameKey } from '@/lib/bakery-facts/menu-name';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
import type { Db } from './client';
import { insertMessage } from './conversations';
import { exampleBakery } from './example-bakery';
import { bakery, knowledgeEntries, menuItems, questions, weeklyHours } from './schema';

/** Inserts the example bakery and sample questions, only into a database with no bakery yet. */
export function seedIfEmpty(db: Db, now: Date = new Date()): boolean {
  return db.$client
    .transaction(() => {
      if (db.select({ id: bakery.id }).from(bakery).get()) return false;
      db.insert(bakery)
        .values({
          id: 1,
          name: exampleBakery.name,
          timezone: exampleBakery.timezone,
          contact: exampleBakery.contact,
          updatedAt: now,
        })
        .run();
      for (const [day, hours] of Object.entries(exampleBakery.weeklyHours)) {
        db.insert(weeklyHours)
          .values({
            weekday: Number(day),
            opens: hours?.opens ?? null,
            closes: hours?.closes ?? null,
          })
          .run();
      }
      for (const item of exampleBakery.menu) {
        db.insert(menuItems)
          .values({
            ...item,
            nameKey: menuNameKey(item.name),
            createdAt: now,
            updatedAt: now,
          })
          .run();
      }
      for (const entry of exampleBakery.knowledge) {
        db.insert(knowledgeEntries)
          .values({ ...entry, enabled: true, createdAt: now, updatedAt: now })
          .run();
      }
      exampleBakery.sampleQuestions.forEach((q, i) => {
        // A second apart, oldest first, so the queue drafts them in the order listed.
        const at = new Date(now.getTime() - (exampleBakery.sampleQuestions.length - i) * 1000);
        const opened = db
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
          .returning({ id: questions.id })
          .get();
        insertMessage(db, {
          questionId: opened.id,
          author: 'customer',
          channel: 'sample',
          text: q.text,
          externalId: `sample-${i + 1}`,
          at,
        });
      });
      return true;
    })
    .immediate();
}
