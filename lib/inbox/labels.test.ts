import { describe, expect, it } from 'vitest';
import {
  chipReadable,
  chipText,
  contrast,
  labelInput,
  parseLabelFilter,
  sameLabelName,
} from './labels';

describe('label chips', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('writes on a colour in black or white, whichever reads better', () => {
    expect(chipText('#1d4ed8')).toBe('#ffffff');
    expect(chipText('#fde68a')).toBe('#000000');
    expect(chipText('#ffffff')).toBe('#000000');
  });

  it('finds every colour readable with black or white at 4.5:1 but the most mid-toned', () => {
    expect(chipReadable('#1d4ed8')).toBe(true);
    expect(chipReadable('#fde68a')).toBe(true);
    // Every colour reaches about 4.58:1 with one of the two; the check still guards the rule.
    expect(contrast('#777777', chipText('#777777'))).toBeGreaterThanOrEqual(4.5);
  });

  it('reads a label form: trimmed name, lower-case colour', () => {
    expect(labelInput.parse({ name: ' Wholesale ', colour: '#1D4ED8' })).toEqual({
      name: 'Wholesale',
      colour: '#1d4ed8',
    });
    expect(labelInput.safeParse({ name: '', colour: '#1d4ed8' }).success).toBe(false);
    expect(labelInput.safeParse({ name: 'x'.repeat(41), colour: '#1d4ed8' }).success).toBe(false);
    expect(labelInput.safeParse({ name: 'Red', colour: 'red' }).success).toBe(false);
    expect(labelInput.safeParse({ name: 'Red', colour: '#12345' }).success).toBe(false);
  });

  it('compares names whatever their case', () => {
    expect(sameLabelName('Wholesale', ' wholesale')).toBe(true);
    expect(sameLabelName('Wholesale', 'Wedding')).toBe(false);
  });

  it('reads the inbox filter from the address', () => {
    expect(parseLabelFilter('3')).toBe(3);
    expect(parseLabelFilter(['4', '5'])).toBe(4);
    expect(parseLabelFilter('0')).toBeUndefined();
    expect(parseLabelFilter('3; drop')).toBeUndefined();
    expect(parseLabelFilter(undefined)).toBeUndefined();
  });
});
