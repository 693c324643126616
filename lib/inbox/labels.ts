import { z } from 'zod';

/**
 * The owner's labels: a short name and a colour. A chip shows the name on the label's colour,
 * in black or white, whichever reads better on it; colours too mid-toned to carry either at
 * 4.5:1 (WCAG AA for small text) are refused when the label is saved.
 */

export const LABEL_NAME_MAX = 40;
/** The colour picker's first choice for a new label. */
export const DEFAULT_LABEL_COLOUR = '#1d4ed8';

const HEX = /^#[0-9a-f]{6}$/;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour a chip of this colour uses: black or white, whichever contrasts more. */
export function chipText(colour: string): '#000000' | '#ffffff' {
  return contrast(colour, '#000000') >= contrast(colour, '#ffffff') ? '#000000' : '#ffffff';
}

/** Whether a chip of this colour reads at WCAG AA (4.5:1) with its text colour. */
export function chipReadable(colour: string): boolean {
  return contrast(colour, chipText(colour)) >= 4.5;
}

export const labelFields = {
  name: z
    .string({ error: 'Name the label.' })
    .trim()
    .min(1, { error: 'Name the label.' })
    .max(LABEL_NAME_MAX, { error: `Keep the name under ${LABEL_NAME_MAX} characters.` }),
  colour: z
    .string({ error: 'Choose a colour.' })
    .trim()
    .toLowerCase()
    .regex(HEX, { error: 'Choose a colour like #1d4ed8.' })
    .refine(chipReadable, {
      error:
        'That colour is too mid-toned for its name to read well on it. Choose a darker or lighter one.',
    }),
};

const id = (what: string) =>
  z.coerce
    .number({ error: `Choose ${what}.` })
    .int({ error: `Choose ${what}.` })
    .positive({ error: `Choose ${what}.` });

export const labelInput = z.object(labelFields);
export const labelIdInput = z.object({ labelId: id('a label') });
export const conversationLabelInput = z.object({
  questionId: id('a question'),
  labelId: id('a label'),
});

/** Two names are the same label whatever their case ("Wholesale" and "wholesale"). */
export function sameLabelName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

/** The inbox's ?label= value: a label's id, or nothing. */
export function parseLabelFilter(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}
