import { canonicalLocale, knownCurrencies } from '../bakery-facts/schemas';

/**
 * The lists the guided start offers instead of free text: locales a bakery is likely to word
 * drafts in (those this runtime can format), every currency it knows, and time zones found by
 * any part of their name.
 */

export type Choice = { value: string; label: string };

const likelyLocales = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-NZ',
  'en-IE',
  'en-IN',
  'en-ZA',
  'en-SG',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'ja-JP',
];

const named = (type: 'language' | 'currency', code: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** Locales as "British English (en-GB)"; the bakery's current one kept even if unusual. */
export function localeChoices(current: string): Choice[] {
  const codes = likelyLocales.filter((code) => canonicalLocale(code) === code);
  if (!codes.includes(current)) codes.unshift(current);
  return codes.map((code) => ({ value: code, label: `${named('language', code)} (${code})` }));
}

/** Currencies as "USD – US Dollar", by code, so typing a code in the list finds it. */
export function currencyChoices(current: string): Choice[] {
  const codes = [...knownCurrencies()].sort();
  if (!codes.includes(current)) codes.unshift(current);
  return codes.map((code) => ({ value: code, label: `${code} – ${named('currency', code)}` }));
}

/** A zone's name as people read it: "America/New_York" as "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/**
 * Zones whose name holds every word typed ("york", "new york", "europe ber"), those whose city
 * starts with the first word first; at most `limit`.
 */
export function searchTimezones(query: string, zones: readonly string[], limit = 12): string[] {
  const words = query
    .trim()
    .toLowerCase()
    .replace(/_/g, ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  if (words.length === 0) return zones.slice(0, limit);
  const scored: { zone: string; rank: number }[] = [];
  for (const zone of zones) {
    const name = zoneLabel(zone).toLowerCase();
    if (!words.every((word) => name.includes(word))) continue;
    const city = name.slice(name.lastIndexOf('/') + 1);
    const first = words[0] ?? '';
    const rank = city.startsWith(first) ? 0 : name.startsWith(first) ? 1 : 2;
    scored.push({ zone, rank });
  }
  return scored
    .sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone))
    .slice(0, limit)
    .map((s) => s.zone);
}
