import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Twelve characters: long enough that a passphrase of three or four words fits easily, and
 * that every password is out of reach of a brute force against the scrypt hashes.
 */
export const PASSWORD_MIN_LENGTH = 12;
// scrypt is fine with long input; the cap only keeps absurd form posts out (and bounds the
// strength estimate's work).
export const PASSWORD_MAX_LENGTH = 256;

/**
 * zxcvbn's score runs 0 to 4; 3 means "safely unguessable" (about 10^10 guesses), which with
 * a slow hash is out of reach of an offline attack on a copied database.
 */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * The estimate's work grows quickly with length (seconds of CPU for 256 crafted characters),
 * so only the first 64 are judged: a password whose first 64 characters are easy to guess is
 * refused, and anything longer that starts well is more than strong enough.
 */
export const STRENGTH_CHECKED_LENGTH = 64;

/**
 * The strength estimator with its common-password, English word, name and keyboard-pattern
 * dictionaries, all shipped in the packages: nothing is fetched. Built once (about 0.1 s).
 */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: STRENGTH_CHECKED_LENGTH,
  });
  return estimator;
}

/** Words about the person or the desk that make a password easier to guess. */
export function personalWords({ email, name }: { email?: string; name?: string }): string[] {
  const words = ['bakery', 'desk', 'bakerydesk'];
  if (email) {
    const lowered = email.trim().toLowerCase();
    words.push(lowered, ...lowered.split(/[@.+_-]+/).filter((part) => part.length >= 3));
  }
  if (name) {
    const parts = name.toLowerCase().split(/\s+/).filter(Boolean);
    words.push(parts.join(''), ...parts.filter((part) => part.length >= 3));
  }
  return words;
}

/** zxcvbn's warning and suggestions as one sentence or two, for beside the field. */
export function strengthFeedback(result: Pick<ZxcvbnResult, 'feedback'>): string {
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (part): part is string => !!part,
  );
  return parts.length > 0 ? parts.join(' ') : 'Add another word or two that are less common.';
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem({
  password,
  email,
  name,
}: {
  password: string;
  email?: string;
  name?: string;
}): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return 'Do not use your email address as your password.';
  }
  const result = strength().check(password, personalWords({ email, name }));
  if (result.score < PASSWORD_MIN_SCORE) {
    return `This password is too easy to guess. ${strengthFeedback(result)}`;
  }
  return null;
}
