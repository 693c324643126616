import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/auth/forms';
import { dateExceptionInput, menuItemInput, settingsInput, weeklyHoursInput } from './schemas';

function errorsOf<T extends z.ZodType>(schema: T, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.data)}`);
  return fieldErrors(parsed.error) as Record<string, string>;
}

describe('settingsInput', () => {
  const wording = { locale: 'en-US', currency: 'USD' };

  it('keeps a known zone, locale and currency in their canonical spelling', () => {
    expect(
      settingsInput.parse({
        name: ' Juniper ',
        timezone: 'us/eastern',
        contact: ' Call us ',
        locale: ' EN-gb ',
        currency: 'cad',
      }),
    ).toEqual({
      name: 'Juniper',
      timezone: 'America/New_York',
      contact: 'Call us',
      locale: 'en-GB',
      currency: 'CAD',
      dailyBudget: null,
      showStaffNames: false,
    });
  });

  it('reads the daily model budget in dollars to cents; blank is the default', () => {
    const base = { name: 'Juniper', timezone: 'America/New_York', contact: '', ...wording };
    expect(settingsInput.parse({ ...base, dailyBudget: '12.50' }).dailyBudget).toBe(1250);
    expect(settingsInput.parse({ ...base, dailyBudget: '$0' }).dailyBudget).toBe(0);
    expect(settingsInput.parse({ ...base, dailyBudget: '  ' }).dailyBudget).toBeNull();
    for (const bad of ['-1', 'lots', '1.234', '10001']) {
      expect(errorsOf(settingsInput, { ...base, dailyBudget: bad }).dailyBudget, bad).toContain(
        'dollars a day from 0 to 10,000',
      );
    }
  });

  it('puts each mistake beside its field', () => {
    const errors = errorsOf(settingsInput, {
      name: ' ',
      timezone: 'Mars/Olympus',
      contact: '',
      locale: 'not a locale!',
      currency: 'XYZW',
    });
    expect(errors.name).toContain('name');
    expect(errors.timezone).toContain('is not a timezone');
    expect(errors.contact).toBeUndefined();
    expect(errors.locale).toContain('is not a locale');
    expect(errors.currency).toContain('is not a currency code');
    const blank = errorsOf(settingsInput, {
      name: 'J',
      timezone: 'UTC',
      contact: '',
      locale: ' ',
      currency: '',
    });
    expect(blank.locale).toBe('Enter a locale, such as en-US or en-GB.');
    expect(blank.currency).toBe('Enter a currency code, such as USD or EUR.');
    expect(
      settingsInput.safeParse({ name: 'J', timezone: 'UTC', contact: '', ...wording }).success,
    ).toBe(true);
  });
});

describe('menuItemInput', () => {
  const item = { name: 'Croissants', price: '3.25', noticeDays: '1', description: '' };

  it('reads dollars into cents, notice into days, a blank description as none', () => {
    expect(menuItemInput.parse({ ...item, available: 'on' })).toEqual({
      name: 'Croissants',
      price: 325,
      noticeDays: 1,
      description: null,
      available: true,
      ingredients: null,
      allergensRecorded: false,
      allergens: [],
      mayContain: [],
      dietary: [],
    });
    expect(menuItemInput.parse(item).available).toBe(false);
  });

  it('reads ticked allergens, cross-contact and dietary tags as lists', () => {
    const parsed = menuItemInput.parse({
      ...item,
      allergensRecorded: 'on',
      'contains_wheat-gluten': 'on',
      contains_milk: 'on',
      'traces_tree-nuts': 'on',
      diet_vegetarian: 'on',
      ingredients: ' Flour, butter. ',
    });
    expect(parsed).toMatchObject({
      allergensRecorded: true,
      allergens: ['wheat/gluten', 'milk'],
      mayContain: ['tree nuts'],
      dietary: ['vegetarian'],
      ingredients: 'Flour, butter.',
    });
  });

  it.each([
    [{ contains_milk: 'on' }, 'allergensRecorded', 'Allergens checked'],
    [
      { allergensRecorded: 'on', contains_milk: 'on', traces_milk: 'on' },
      'traces_milk',
      'need not also',
    ],
    [
      { allergensRecorded: 'on', contains_milk: 'on', diet_vegan: 'on' },
      'diet_vegan',
      'contains milk',
    ],
    [
      { allergensRecorded: 'on', 'traces_wheat-gluten': 'on', 'diet_gluten-free': 'on' },
      'diet_gluten-free',
      'may contain wheat/gluten',
    ],
    [{ 'diet_dairy-free': 'on' }, 'diet_dairy-free', 'Check its allergens'],
    [{ ingredients: 'x'.repeat(501) }, 'ingredients', 'at most 500'],
  ])('refuses allergens and tags that contradict: %j beside %s', (change, field, message) => {
    expect(errorsOf(menuItemInput, { ...item, ...change })[field]).toContain(message);
  });

  it.each([
    [{ price: 'abc' }, 'price', 'as a number'],
    [{ price: '-2' }, 'price', 'negative'],
    [{ noticeDays: '99' }, 'noticeDays', 'at most 30'],
    [{ noticeDays: '-1' }, 'noticeDays', 'whole days'],
    [{ noticeDays: '1.5' }, 'noticeDays', 'whole days'],
    [{ noticeDays: '' }, 'noticeDays', 'whole days'],
    [{ name: '   ' }, 'name', 'Enter a name'],
    [{ description: 'x'.repeat(501) }, 'description', 'at most 500'],
  ])('refuses %j beside %s', (change, field, message) => {
    expect(errorsOf(menuItemInput, { ...item, ...change })[field]).toContain(message);
  });

  it('accepts notice from 0 to 30 days', () => {
    expect(menuItemInput.parse({ ...item, noticeDays: '0' }).noticeDays).toBe(0);
    expect(menuItemInput.parse({ ...item, noticeDays: '30' }).noticeDays).toBe(30);
  });
});

describe('weeklyHoursInput', () => {
  const week = {
    opens1: '07:00',
    closes1: '15:00',
    closed2: 'on',
    opens3: '7:30',
    closes3: '14:00',
    closed4: 'on',
    closed5: 'on',
    opens6: '08:00',
    closes6: '13:00',
    closed7: 'on',
  };

  it('gives every weekday, closed days without times', () => {
    const days = weeklyHoursInput.parse({ ...week, opens2: 'ignored' });
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ weekday: 1, opens: '07:00', closes: '15:00' });
    expect(days[1]).toEqual({ weekday: 2, opens: null, closes: null });
    expect(days[2]).toEqual({ weekday: 3, opens: '07:30', closes: '14:00' });
  });

  it('puts closing before opening beside the closing time', () => {
    const errors = errorsOf(weeklyHoursInput, { ...week, opens6: '13:00', closes6: '08:00' });
    expect(errors).toEqual({ closes6: 'Closing must be after opening.' });
  });

  it('refuses equal times, out-of-range and missing times, day by day', () => {
    const errors = errorsOf(weeklyHoursInput, {
      ...week,
      closes1: '07:00',
      opens3: '24:00',
      opens6: '',
      closes6: '',
    });
    expect(errors.closes1).toContain('after opening');
    expect(errors.opens3).toContain('00:00 to 23:59');
    expect(errors.opens6).toContain('HH:MM');
    expect(errors.closes6).toContain('HH:MM');
  });
});

describe('dateExceptionInput', () => {
  it('reads a closed day and drops any times typed for it', () => {
    expect(
      dateExceptionInput.parse({
        date: '2026-12-25',
        kind: 'closed',
        opens: '09:00',
        closes: '',
        note: ' Christmas ',
      }),
    ).toEqual({ date: '2026-12-25', closed: true, opens: null, closes: null, note: 'Christmas' });
  });

  it('reads special hours', () => {
    expect(
      dateExceptionInput.parse({
        date: '2026-12-24',
        kind: 'special',
        opens: '7:00',
        closes: '12:00',
      }),
    ).toEqual({ date: '2026-12-24', closed: false, opens: '07:00', closes: '12:00', note: null });
  });

  it.each([
    [{ date: '2026-02-30' }, 'date', 'real date'],
    [{ date: '12/05/2026' }, 'date', 'real date'],
    [{ kind: 'maybe' }, 'kind', 'closed or special'],
    [{ closes: '06:00' }, 'closes', 'after opening'],
    [{ opens: '' }, 'opens', 'HH:MM'],
    [{ note: 'n'.repeat(121) }, 'note', 'at most 120'],
  ])('refuses %j beside %s', (change, field, message) => {
    const input = { date: '2026-12-24', kind: 'special', opens: '07:00', closes: '12:00' };
    expect(errorsOf(dateExceptionInput, { ...input, ...change })[field]).toContain(message);
  });
});
