export const PASSWORD_MIN_LENGTH = 8;
// scrypt is fine with long input; the cap only keeps absurd form posts out.
export const PASSWORD_MAX_LENGTH = 256;

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem({
  password,
  email,
  commonPasswords,
}: {
  password: string;
  email?: string;
  commonPasswords: ReadonlySet<string>;
}): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) {
    return 'That password is one of the most common ones. Choose another.';
  }
  if (email && lowered === email.trim().toLowerCase()) {
    return 'Do not use your email address as your password.';
  }
  return null;
}

/** Parses the shipped list: one password per line, compared lower-cased. */
export function parsePasswordList(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
}
