import { describe, expect, it } from 'vitest';
import { canEditSnippet } from './access';
import { fillSnippet, firstNameOf, needsTicketLink } from './fill';
import { filterSnippets, insertSnippet, slashQueryAt } from './filter';

describe('the customer’s first name', () => {
  it.each([
    ['Lena Schmidt', 'Lena'],
    ['  María  José García ', 'María'],
    ["O'Brien", "O'Brien"],
    ['Anne-Marie Dubois', 'Anne-Marie'],
  ])('%s greets as %s', (name, first) => {
    expect(firstNameOf(name)).toBe(first);
  });

  it.each([
    'lena@example.com',
    '+44 7700 900123',
    'Customer',
    'guest',
    '',
    'x',
    'Dr. Who',
    'user123',
  ])('“%s” is no first name', (name) => {
    expect(firstNameOf(name)).toBeNull();
  });
});

describe('filling a snippet', () => {
  const values = {
    customerFirstName: 'Lena',
    bakeryName: 'Crumb & Co',
    ticketLink: 'https://desk.example/t/abc',
  };

  it('fills every variable from the conversation', () => {
    expect(
      fillSnippet('Hi {customer_first_name}, thanks from {bakery_name}! See {ticket_link}', values),
    ).toBe('Hi Lena, thanks from Crumb & Co! See https://desk.example/t/abc');
  });

  it('leaves no gap for a name the desk does not know', () => {
    expect(
      fillSnippet('Hi {customer_first_name},\nThanks.', { ...values, customerFirstName: null }),
    ).toBe('Hi,\nThanks.');
  });

  it('keeps braces that name no variable, and fills a variable used twice', () => {
    expect(fillSnippet('{bakery_name} {unknown} {bakery_name}', values)).toBe(
      'Crumb & Co {unknown} Crumb & Co',
    );
  });

  it('says whether a ticket link must be made', () => {
    expect(needsTicketLink('See {ticket_link}')).toBe(true);
    expect(needsTicketLink('Hi {customer_first_name}')).toBe(false);
  });
});

describe('the / menu', () => {
  const snippets = [
    { id: 1, title: 'Opening hours', text: 'We open at eight.' },
    { id: 2, title: 'Gluten', text: 'Our kitchen handles wheat flour.' },
    { id: 3, title: 'Thanks for your order', text: 'We look forward to it.' },
    { id: 4, title: 'Crème brûlée', text: 'Made on Fridays.' },
  ];

  it('keeps every snippet for an empty query', () => {
    expect(filterSnippets(snippets, '').map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });

  it('ranks titles that start with the query before other title and text matches', () => {
    expect(filterSnippets(snippets, 'o').map((s) => s.id)).toEqual([1, 3, 2, 4]);
    expect(filterSnippets(snippets, 'wheat').map((s) => s.id)).toEqual([2]);
    expect(filterSnippets(snippets, 'order thanks').map((s) => s.id)).toEqual([3]);
  });

  it('matches without accents', () => {
    expect(filterSnippets(snippets, 'creme').map((s) => s.id)).toEqual([4]);
  });

  it('opens only for a slash at a word’s start, up to the caret', () => {
    expect(slashQueryAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQueryAt('Hello /hou', 10)).toEqual({ start: 6, query: 'hou' });
    expect(slashQueryAt('Hello\n/hou', 10)).toEqual({ start: 6, query: 'hou' });
    expect(slashQueryAt('and/or', 6)).toBeNull();
    expect(slashQueryAt('see https://x', 13)).toBeNull();
    expect(slashQueryAt('/ hours', 7)).toBeNull();
    expect(slashQueryAt('no slash', 8)).toBeNull();
  });

  it('replaces the typed /query with the filled text and puts the caret after it', () => {
    const text = 'Hello /hou and more';
    const slash = slashQueryAt(text, 10);
    if (!slash) throw new Error('no slash query');
    expect(insertSnippet(text, slash, 'We open at 8.')).toEqual({
      text: 'Hello We open at 8. and more',
      caret: 19,
    });
  });
});

describe('who may change a snippet', () => {
  const mine = { ownerId: 7, shared: false };
  const shared = { ownerId: 1, shared: true };

  it('lets a person keep their own personal snippets', () => {
    expect(
      canEditSnippet({ snippet: mine, userId: 7, role: 'staff', makeShared: false }),
    ).toBeNull();
  });

  it('keeps another person’s personal snippet from staff and from the owner alike', () => {
    expect(canEditSnippet({ snippet: mine, userId: 8, role: 'staff', makeShared: false })).toBe(
      'notYours',
    );
    expect(canEditSnippet({ snippet: mine, userId: 1, role: 'owner', makeShared: false })).toBe(
      'notYours',
    );
  });

  it('leaves shared snippets, and sharing, to the owner', () => {
    expect(canEditSnippet({ snippet: shared, userId: 7, role: 'staff', makeShared: true })).toBe(
      'ownerShares',
    );
    expect(canEditSnippet({ snippet: mine, userId: 7, role: 'staff', makeShared: true })).toBe(
      'ownerShares',
    );
    expect(
      canEditSnippet({ snippet: shared, userId: 2, role: 'owner', makeShared: true }),
    ).toBeNull();
    expect(
      canEditSnippet({ snippet: shared, userId: 2, role: 'owner', makeShared: false }),
    ).toBeNull();
  });
});
