import { describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario, scenarioTable } from '@/tests/support/scenario';
import { zonedInstant } from '../../bakery/calendar';
import type { BakeryData } from '../../bakery/data';
import { bakeryTools } from '../../bakery/tools';
import { runAgent } from '../../core/run-agent';
import type { Run } from '../../types';
import { createModel } from '../create-model';

const limits = { maxTurns: 4, maxTokens: 1000, maxDollars: 1 };
const at = (date: string, time: string) => zonedInstant(date, time, 'America/New_York');

async function draft(
  question: string,
  {
    facts = exampleBakeryData(),
    now = tuesdayMorning,
    askedAt = now,
  }: { facts?: BakeryData; now?: Date; askedAt?: Date } = {},
): Promise<{ run: Run; text: string }> {
  const run = await runAgent({
    model: createModel({ kind: 'offline', facts, now, askedAt }),
    tools: bakeryTools(facts, { now, askedAt }),
    task: question,
    limits,
  });
  return { run, text: run.stop.kind === 'answered' ? run.stop.text : '' };
}

/** Sentences of a draft, to check that no later one takes back an earlier one. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

describe('the offline drafter reads questions', () => {
  scenario(
    'A pickup that notice or hours rule out is never confirmed, and the earliest that works is offered',
    async () => {
      const { text } = await draft('Is a cinnamon bun possible today at 7:30am?');
      expect(text).toContain("That's one cinnamon bun at $4.00.");
      expect(text).toContain('7:30 am today (Tuesday, December 1) has already passed');
      expect(text).toContain("cinnamon buns need 1 day's notice");
      expect(text).toContain(
        'The earliest we can have it ready is Wednesday, December 2, from 7 am',
      );
      expect(text).not.toMatch(/works|in time|07:30/);
      expect(sentences(text).filter((s) => /7:30/.test(s))).toHaveLength(1);
    },
  );

  scenario('Short notice says the asked day is not possible, and when is', async () => {
    const { text } = await draft('Could I collect two rye loaves this afternoon at 1?');
    expect(text).toContain('Two rye loaves at $9.00 each come to $18.00.');
    expect(text).toContain("Rye loaves need 1 day's notice, so Tuesday, December 1 is too soon.");
    expect(text).toContain('The earliest we can have them ready is Wednesday, December 2');
    expect(text).not.toMatch(/works|please order by/);
  });

  scenario('A question drafted after midnight reads "tomorrow" as of when it arrived', async () => {
    const { run, text } = await draft('Are you open tomorrow? I want 6 cinnamon buns at 10.', {
      askedAt: at('2026-12-04', '23:55'),
      now: at('2026-12-05', '00:20'),
    });
    expect(text).toContain('Saturday, December 5');
    expect(text).not.toMatch(/Sunday|December 6/);
    const quote = run.steps.find((s) => s.call.name === 'quote_order');
    expect(quote?.call.input).toMatchObject({ day: 'tomorrow', time: '10:00' });
    expect(JSON.parse(quote?.result.content ?? '{}')).toMatchObject({
      pickup: { date: '2026-12-05' },
    });
  });

  scenario(
    '"Next week Thursday" is the Thursday of next week, and putting in an order is a new one',
    async () => {
      for (const question of [
        'Could I put in an order for one rye loaf for next week Thursday?',
        'One rye loaf for Thursday next week, please.',
      ]) {
        const { text, run } = await draft(question);
        expect(text).toContain('Thursday, December 10');
        expect(text).not.toContain('December 3');
        expect(run.needsPerson).toBeNull();
      }
    },
  );

  scenario(
    'Later today, a pickup starts from now; with no time left today, the earliest is offered',
    async () => {
      const scones = {
        name: 'scones',
        priceCents: 300,
        noticeDays: 0,
        available: true,
        description: null,
      };
      const facts = exampleBakeryData({ menu: [...exampleBakeryData().menu, scones] });
      const morning = await draft('Can I get 3 scones today?', {
        facts,
        now: at('2026-12-01', '10:00'),
      });
      expect(morning.text).toContain('today, Tuesday, December 1, any time from 10:15 am to 3 pm');
      const late = await draft('Can I get 3 scones today?', {
        facts,
        now: at('2026-12-01', '14:50'),
      });
      expect(late.text).toContain("It's too late for a pickup today (Tuesday, December 1)");
      expect(late.text).toContain('Wednesday, December 2, from 7 am');
      expect(late.text).not.toContain('7 am to 3 pm');
      const evening = await draft('3 scones today at 5pm?', {
        facts,
        now: at('2026-12-01', '14:00'),
      });
      expect(evening.text).toContain('Could you come between 2:15 pm and 3 pm that day instead?');
      const tooLate = await draft('3 scones today at 5pm?', {
        facts,
        now: at('2026-12-01', '14:50'),
      });
      expect(tooLate.text).not.toContain('Could you come between');
      expect(tooLate.text).toContain('Wednesday, December 2');
    },
  );

  scenario(
    'Long notice still finds its earliest pickup, thirty days from the first allowed day',
    async () => {
      const stollen = {
        name: 'stollen',
        priceCents: 2500,
        noticeDays: 33,
        available: true,
        description: null,
      };
      const facts = exampleBakeryData({ menu: [...exampleBakeryData().menu, stollen] });
      const { text } = await draft('Can I order 1 stollen? When is the earliest?', {
        facts,
        now: at('2026-12-02', '10:00'),
      });
      expect(text).toContain('Tuesday, January 5, 2027');
      expect(text).not.toContain('30 days');
    },
  );

  scenario('"This weekend" is context once the question names its day', async () => {
    const { text } = await draft(
      'My sister visits this weekend. Could I pick up eight cinnamon buns on Saturday around 11?',
    );
    expect(text).toContain('Saturday, December 5 at 11 am works');
    expect(text).not.toContain('Sunday');
    const both = await draft('Are you open this weekend?');
    expect(both.text).toContain('Saturday, December 5');
    expect(both.text).toContain('Sunday, December 6');
  });

  scenario(
    'Counts of people, a second mention with its count, and shorthand are read as meant',
    async () => {
      const party = await draft(
        "We're having about 14 people over on Sunday. I need 12 sourdough rolls and 2 rye loaves for Friday, around 10 in the morning.",
      );
      expect(party.text).toContain('come to $36.00');
      expect(party.text).toContain('Friday, December 4 at 10 am');
      expect(party.text).not.toContain('2 pm');
      const twice = await draft(
        'Someone quoted me $7 a loaf for rye last year. I need 2 rye loaves for Friday at 10.',
      );
      expect(twice.text).toContain('Two rye loaves at $9.00 each come to $18.00');
      const sms = await draft('cn i get 6 cin buns 4 fri?');
      expect(sms.text).toContain('Six cinnamon buns at $4.00 each come to $24.00');
      const everything = await draft('Could I get one of everything you make for Thursday pickup?');
      expect(everything.text).toContain('$14.50');
      const parking = await draft('Is there anywhere to park near the shop?');
      expect(parking.run.needsPerson?.reason).toBe('other');
    },
  );

  scenario('A closure without a note is said once', async () => {
    const closure = { date: '2026-12-04', closed: true, opens: null, closes: null, note: null };
    const { text } = await draft('Are you open on Friday?', {
      facts: exampleBakeryData({ dateExceptions: [closure] }),
    });
    expect(text).toContain("We're closed on Friday, December 4.");
    expect(text).not.toContain('closed that day');
  });

  scenario('A weekday asked on that weekday after closing means the next one', async () => {
    const { text } = await draft('Are you open Saturday?', { now: at('2026-12-05', '14:00') });
    expect(text).toContain("On Saturday, December 12 we're open");
    expect(text).not.toContain('December 5');
  });

  scenarioTable(
    'Quantities stay with their items and are told from times',
    [
      {
        name: 'about 12 sourdough rolls Saturday is twelve rolls, not noon',
        question: 'I want about 12 sourdough rolls Saturday',
        holds: ['12 sourdough rolls at $1.50 each come to $18.00', 'Saturday, December 5'],
        lacks: ['12 pm', 'noon', '12:00'],
      },
      {
        name: 'roughly 40 rolls',
        question: 'roughly 40 rolls for Friday',
        holds: ['40 sourdough rolls at $1.50 each come to $60.00'],
        lacks: [':00'],
      },
      {
        name: 'two and a half dozen is thirty, not a half dozen',
        question: "Could I get two and a half dozen sourdough rolls? What's the total?",
        holds: ['30 sourdough rolls at $1.50 each come to $45.00'],
        lacks: ['$9.00', 'Six sourdough rolls'],
      },
      {
        name: 'a dozen or so',
        question: 'a dozen or so cinnamon buns for Friday',
        holds: ['12 cinnamon buns at $4.00 each come to $48.00'],
        lacks: ['12 pm'],
      },
      {
        name: 'a dozen of those, after the item',
        question: 'Your cinnamon buns look great. Could I get a dozen of those on Friday?',
        holds: ['12 cinnamon buns', '$48.00'],
        lacks: ['one cinnamon bun'],
      },
      {
        name: 'two dozen',
        question: 'two dozen sourdough rolls for Thursday',
        holds: ['24 sourdough rolls', '$36.00', 'Thursday, December 3'],
        lacks: ['too soon'],
      },
      {
        name: 'by 3 is a deadline in the afternoon, not a pickup at 3',
        question: 'I need 5 rye loaves by 3 on Friday',
        holds: ['$45.00', 'You can pick them up on Friday, December 4 any time from 7 am to 3 pm'],
        lacks: ['3 am', 'too late'],
      },
      {
        name: 'at 2 during opening hours is 2 pm',
        question: 'Can I get 2 cinnamon buns Friday at 2?',
        holds: ['Pickup on Friday, December 4 at 2 pm works'],
        lacks: ['2 am'],
      },
      {
        name: '7:30am with its meridiem joined',
        question: 'Can I pick up a rye loaf Friday at 7:30am?',
        holds: ['Pickup on Friday, December 4 at 7:30 am works'],
        lacks: ['7:30 pm'],
      },
    ],
    async (row) => {
      const { text } = await draft(row.question);
      for (const fact of row.holds) expect(text, `should hold ${fact}`).toContain(fact);
      for (const fact of row.lacks) expect(text, `should not hold ${fact}`).not.toContain(fact);
    },
  );

  scenario('A generic word never becomes the one menu item containing it', async () => {
    const { text, run } = await draft("Do you bake hot cross buns? I'd want 10.");
    expect(text).toContain("we don't make hot cross buns");
    expect(text).not.toContain('$40.00');
    expect(run.steps.some((s) => s.call.name === 'quote_order')).toBe(false);
    const dinner = await draft('Do you sell dinner rolls?');
    expect(dinner.text).toContain("we don't make dinner rolls");
    // A kind of bun named after a food is still a bun the menu lacks, not a question about pets.
    const hotDog = await draft('Do you make hot dog buns? need 20 for saturday');
    expect(hotDog.text).toContain("we don't make hot dog buns");
    expect(hotDog.run.needsPerson).toBeNull();
    // Alone, the word still finds the one item of its kind.
    expect((await draft('How much are the buns?')).text).toContain('Cinnamon buns are $4.00');
  });

  scenarioTable(
    'Questions no tool answers are marked for a person, with no invented facts',
    [
      {
        name: 'an allergy',
        question: "Does the rye loaf contain sesame? I'm allergic.",
        reason: 'allergens',
        holds: ['sesame', 'someone from our team will get back to you'],
        lacks: ['$9.00', 'contains no', "doesn't contain"],
      },
      {
        name: 'catering',
        question: 'Do you cater office events?',
        reason: 'customOrder',
        holds: ['from our team will get back to you'],
        lacks: ['which items', "don't make"],
      },
      {
        name: 'delivery, with the price it can still give',
        question: 'Can you deliver 40 sourdough rolls to my office on Friday?',
        reason: 'delivery',
        holds: ['$60.00', 'someone from our team will get back to you'],
        lacks: ['Pickup on', 'we deliver', "we don't deliver"],
      },
      {
        name: 'a refund',
        question: 'My buns were stale, I want my money back.',
        reason: 'refund',
        holds: ["I'm sorry"],
        lacks: ['$'],
      },
      {
        name: 'an allergy said without the word',
        question: "My son can't have eggs. Would the rye loaf be okay for him?",
        reason: 'allergens',
        holds: ['someone from our team will get back to you'],
        lacks: ['okay for him', 'no eggs'],
      },
      {
        name: 'a cancelled order and its deposit',
        question: 'I need to cancel my order of 10 sourdough rolls and get my deposit back.',
        reason: 'refund',
        holds: ['Someone from our team will get back to you about your refund'],
        lacks: ['refunded', '$'],
      },
      {
        name: 'a question it cannot read',
        question: 'asdf qwerty zzz',
        reason: 'notUnderstood',
        holds: ['someone from our team will get back to you'],
        lacks: ['$'],
      },
      {
        name: 'Spanish, answered with a holding reply in Spanish',
        question: '¿Tienen pan de centeno? ¿Cuánto cuesta?',
        reason: 'notUnderstood',
        holds: ['Gracias por su mensaje', 'Una persona de nuestro equipo'],
        lacks: ['$'],
      },
      {
        name: 'French, answered with a holding reply in French',
        question: 'Bonjour, êtes-vous ouverts dimanche ?',
        reason: 'notUnderstood',
        holds: ['Merci pour votre message', 'Une personne de notre équipe'],
        lacks: ['closed'],
      },
    ],
    async (row) => {
      const { text, run } = await draft(row.question);
      expect(run.needsPerson?.reason).toBe(row.reason);
      for (const fact of row.holds) expect(text, `should hold ${fact}`).toContain(fact);
      for (const fact of row.lacks) expect(text, `should not hold ${fact}`).not.toContain(fact);
    },
  );

  scenario("Drafts word dates, times and money for people in the bakery's locale", async () => {
    const { text } = await draft('Is a cinnamon bun possible tomorrow? And are you open today?');
    expect(text).toContain("That's one cinnamon bun at $4.00.");
    expect(text).toContain('Tuesday, December 1');
    expect(text).toContain('7 am to 3 pm');
    for (const log of ['2026-12', '07:00', '15:00', '1 ×', 'cinnamon buns at $4.00 each']) {
      expect(text).not.toContain(log);
    }
    expect(text.match(/^Hi,/gm)).toHaveLength(1);
    const british = exampleBakeryData({ locale: 'en-GB', currency: 'GBP' });
    const uk = await draft('Two dozen sourdough rolls for Saturday at 9?', { facts: british });
    expect(uk.text).toContain('£36.00');
    expect(uk.text).toContain('Saturday 5 December at 9:00');
    expect(uk.text).toContain('8:00 to 13:00');
  });
});
