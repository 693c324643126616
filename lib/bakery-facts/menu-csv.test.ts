import { describe, expect, it } from 'vitest';
import { MENU_CSV_MAX_ROWS, readMenuCsv } from './menu-csv';

const good = [
  'Name,Price,Notice days,Allergens',
  'Rye loaf,6.50,0,wheat/gluten',
  '"Croissant, butter",$3.25,,"wheat; milk; eggs"',
  'Birthday cake,45,3,"gluten, dairy, egg"',
  'Sourdough,7,1,none',
  'Lemonade,2.00,0,',
].join('\r\n');

describe('readMenuCsv', () => {
  it('reads a good file into the menu form’s own values', () => {
    const reading = readMenuCsv(good);
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    expect(reading.items.map((i) => [i.name, i.price, i.noticeDays])).toEqual([
      ['Rye loaf', 650, 0],
      ['Croissant, butter', 325, 0],
      ['Birthday cake', 4500, 3],
      ['Sourdough', 700, 1],
      ['Lemonade', 200, 0],
    ]);
    const byName = Object.fromEntries(reading.items.map((i) => [i.name, i]));
    expect(byName['Croissant, butter']).toMatchObject({
      allergensRecorded: true,
      allergens: ['wheat/gluten', 'milk', 'eggs'],
      available: true,
    });
    expect(byName['Birthday cake']?.allergens).toEqual(['wheat/gluten', 'milk', 'eggs']);
    // "none" is a checked answer; a blank cell is not checked at all.
    expect(byName.Sourdough).toMatchObject({ allergensRecorded: true, allergens: [] });
    expect(byName.Lemonade).toMatchObject({ allergensRecorded: false });
  });

  it('takes the columns in any order, with a byte-order mark and blank lines', () => {
    const reading = readMenuCsv('\uFEFFprice,name\n\n3,Bun\n\n');
    expect(reading).toEqual({
      ok: true,
      items: [expect.objectContaining({ name: 'Bun', price: 300, noticeDays: 0 })],
    });
  });

  it('names every bad row by its spreadsheet row, with the reason in the menu’s words', () => {
    const reading = readMenuCsv(
      [
        'name,price,notice days,allergens',
        'Rye loaf,6.50,0,',
        'Bagel,three dollars,0,',
        ',2,0,',
        'Cake,40,45,',
        'Scone,2,0,kiwi',
        'rye loaf,7,0,',
        'Muffin,-1,x,',
      ].join('\n'),
    );
    expect(reading).toEqual({
      ok: false,
      problems: [
        { row: 3, message: 'Price: Enter the price as a number, such as 3.25.' },
        { row: 4, message: 'Name: Enter a name.' },
        { row: 5, message: 'Notice days: Notice can be at most 30 days.' },
        {
          row: 6,
          message: expect.stringMatching(/^Allergens: “kiwi” is not an allergen the menu knows/),
        },
        { row: 7, message: '“rye loaf” is already on row 2.' },
        { row: 8, message: 'Price: A price cannot be negative.' },
        { row: 8, message: 'Notice days: Enter whole days of notice, 0 to 30.' },
      ],
    });
  });

  it('counts a row with a line break inside a value from where it starts', () => {
    const reading = readMenuCsv(
      'name,price,description\n"Stollen",12,"Fruit\nand marzipan"\nBad,x,\n',
    );
    expect(reading).toEqual({
      ok: false,
      problems: [{ row: 4, message: 'Price: Enter the price as a number, such as 3.25.' }],
    });
  });

  it('refuses a file it cannot read as a whole, saying why', () => {
    const firstOf = (text: string) => {
      const reading = readMenuCsv(text);
      if (reading.ok) throw new Error('expected a refusal');
      return reading.problems[0];
    };
    expect(firstOf('')).toMatchObject({
      row: null,
      message: expect.stringMatching(/^The file is empty/),
    });
    expect(firstOf('name,price\n')).toEqual({
      row: null,
      message: 'The file has a header row but no items under it.',
    });
    expect(firstOf('Rye loaf,6.50\n')).toMatchObject({
      row: 1,
      message: expect.stringMatching(/^The column “Rye loaf” is not one the menu has/),
    });
    expect(firstOf('name,cost\nRye,3\n')).toMatchObject({ row: 1 });
    expect(firstOf('name,price\nRye,"3\n')).toEqual({
      row: 2,
      message: 'A quotation mark opened here is never closed.',
    });
    expect(firstOf('name,price\nRye,3,extra\n')).toEqual({
      row: 2,
      message: 'It has more values than the header row has columns.',
    });
    const long = [
      'name,price',
      ...Array.from({ length: MENU_CSV_MAX_ROWS + 1 }, (_, i) => `Item ${i},1`),
    ];
    expect(firstOf(long.join('\n'))).toMatchObject({
      row: null,
      message: expect.stringContaining(`at most ${MENU_CSV_MAX_ROWS} items`),
    });
  });
});
