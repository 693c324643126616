/**
 * Prices are typed in the bakery's currency ("3.25", "$12", "£1,200.50") and kept in whole
 * hundredths (cents, pence).
 */

export const MAX_PRICE_CENTS = 100_000_00;

export type PriceParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Reads dollars from text without floating point: "3.25" is 325 exactly, where
 * Math.round(3.25 * 100) happens to work but 1.005 * 100 does not.
 */
export function parseDollars(text: string): PriceParse {
  // A currency sign in front is what people type; the bakery has one currency, so it adds nothing.
  const cleaned = text.trim().replace(/^[$£€¥]\s*/, '');
  if (cleaned === '') return { ok: false, message: 'Enter a price, such as 3.25.' };
  if (cleaned.startsWith('-')) return { ok: false, message: 'A price cannot be negative.' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, message: 'Enter the price as a number, such as 3.25.' };
  const whole = (match[1] as string).replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, message: 'Use at most two decimals.' };
  if (whole.length > 9) return { ok: false, message: tooHigh };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: tooHigh };
  return { ok: true, cents };
}

const tooHigh = `A price can be at most ${(MAX_PRICE_CENTS / 100).toLocaleString('en-US')}.00.`;

/** Cents as the price field shows them: 325 as "3.25", 900 as "9.00". */
export function centsToDollarsInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
