import { describe, expect, it } from 'vitest';
import { countUnsoldAsks } from './unsold-asks';

const ask = (questionId: number, name: unknown) => ({
  questionId,
  input: JSON.stringify({ name }),
});

describe('countUnsoldAsks', () => {
  it('folds case, spaces and plurals into one row per thing asked for', () => {
    expect(
      countUnsoldAsks([
        ask(1, 'croissants'),
        ask(2, 'Croissant'),
        ask(3, '  CROISSANTS '),
        ask(4, 'baguettes'),
      ]),
    ).toEqual([
      { key: 'croissant', name: 'croissants', asks: 3 },
      { key: 'baguette', name: 'baguettes', asks: 1 },
    ]);
  });

  it('counts each question once, however often it was drafted or asked in it', () => {
    const rows = countUnsoldAsks([
      ask(7, 'croissants'),
      ask(7, 'croissants'),
      ask(7, 'croissant'),
      ask(8, 'croissants'),
    ]);
    expect(rows).toEqual([{ key: 'croissant', name: 'croissants', asks: 2 }]);
  });

  it('puts the most asked first, ties by name', () => {
    const rows = countUnsoldAsks([
      ask(1, 'scones'),
      ask(2, 'bagels'),
      ask(3, 'muffins'),
      ask(4, 'muffin'),
    ]);
    expect(rows.map((row) => `${row.name}: ${row.asks}`)).toEqual([
      'muffin: 2',
      'bagels: 1',
      'scones: 1',
    ]);
  });

  it('skips inputs that name nothing', () => {
    expect(
      countUnsoldAsks([
        { questionId: 1, input: 'not json' },
        { questionId: 2, input: '{}' },
        ask(3, 42),
        ask(4, '   '),
        ask(5, '!!!'),
      ]),
    ).toEqual([]);
  });
});
