import { describe, expect, it } from 'vitest';
import { askFormSchema, fieldErrors, intakeApiSchema, QUESTION_MAX_CHARS } from './question-input';

describe('the ask form', () => {
  it('accepts a question with no email and stores a null email', () => {
    const parsed = askFormSchema.parse({ name: ' Maya ', email: '', text: ' Rolls on Saturday? ' });
    expect(parsed).toEqual({ name: 'Maya', email: null, text: 'Rolls on Saturday?' });
  });

  it('lower-cases the email', () => {
    expect(askFormSchema.parse({ name: 'M', email: 'Maya@Example.COM', text: 'hi' }).email).toBe(
      'maya@example.com',
    );
  });

  it.each([
    ['an empty question', { name: 'M', email: '', text: '   ' }, 'text'],
    [
      'a question of invisible characters only',
      { name: 'M', email: '', text: '\u200B\u200B' },
      'text',
    ],
    [
      'a question one character too long',
      { name: 'M', email: '', text: 'x'.repeat(QUESTION_MAX_CHARS + 1) },
      'text',
    ],
    ['a missing name', { name: '', email: '', text: 'hi' }, 'name'],
    ['a bad email', { name: 'M', email: 'not-an-email', text: 'hi' }, 'email'],
  ])('refuses %s, naming the field', (_name, input, field) => {
    const parsed = askFormSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(Object.keys(fieldErrors(parsed.error))).toContain(field);
  });

  it('accepts exactly the maximum length', () => {
    expect(
      askFormSchema.safeParse({ name: 'M', email: '', text: 'x'.repeat(QUESTION_MAX_CHARS) })
        .success,
    ).toBe(true);
  });
});

describe('the intake API body', () => {
  it('accepts the documented shape', () => {
    const parsed = intakeApiSchema.parse({
      text: 'Open Monday?',
      customer: { name: 'Sam', email: 'sam@example.com' },
      externalId: 'mail-1',
    });
    expect(parsed).toEqual({
      text: 'Open Monday?',
      customer: { name: 'Sam', email: 'sam@example.com' },
      externalId: 'mail-1',
    });
  });

  it('names unknown fields instead of dropping them', () => {
    const parsed = intakeApiSchema.safeParse({
      text: 'hi',
      customer: { name: 'S' },
      priority: 'high',
    });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)['(body)']?.[0]).toContain('priority');
  });

  it('reports nested paths for nested fields', () => {
    const parsed = intakeApiSchema.safeParse({ text: 'hi', customer: { name: 7 } });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(Object.keys(fieldErrors(parsed.error))).toEqual(['customer.name']);
  });
});
