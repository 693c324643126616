/**
 * The words staff read on an email the desk kept without reading: too large to fetch, or
 * failing to be stored attempt after attempt. Each names the email by what its headers say.
 */

/** Tries at one email before it is kept as failed and marked seen. */
export const EMAIL_MAX_ATTEMPTS = 3;

/** Bytes as megabytes with one decimal, as people say an email's size: "12.4 MB". */
export function megabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return `${mb >= 10 ? mb.toFixed(0) : mb.toFixed(1)} MB`;
}

/** "Ada Lovelace <ada@example.com>", the address alone, or "an unknown sender". */
export function senderWords({
  fromName,
  fromAddress,
}: {
  fromName: string | null;
  fromAddress: string | null;
}): string {
  if (fromAddress && fromName && fromName !== fromAddress) return `${fromName} <${fromAddress}>`;
  return fromAddress ?? fromName ?? 'an unknown sender';
}

export type KeptFailure = {
  /** Why, in the email's own row. */
  reason: string;
  /** The conversation's error, which staff read first. */
  failed: string;
  /** The conversation's one message, in place of what the customer wrote. */
  text: string;
};

export function tooLarge({
  size,
  limit,
  fromName,
  fromAddress,
}: {
  size: number;
  limit: number;
  fromName: string | null;
  fromAddress: string | null;
}): KeptFailure {
  const sender = senderWords({ fromName, fromAddress });
  return {
    reason: `it is ${megabytes(size)}, over the ${megabytes(limit)} the desk reads`,
    failed: `This email from ${sender} was too large to read: ${megabytes(size)}, over the ${megabytes(limit)} the desk reads. Only its headers were fetched; they are kept with the conversation. Ask the sender to write again without the large attachments.`,
    text: `(This email was too large to read: ${megabytes(size)}. Its headers are kept with the conversation.)`,
  };
}

export function notStored({
  attempts,
  lastError,
  fromName,
  fromAddress,
}: {
  attempts: number;
  lastError: string | null;
  fromName: string | null;
  fromAddress: string | null;
}): KeptFailure {
  const sender = senderWords({ fromName, fromAddress });
  const why = lastError ? ` (the last time: ${lastError})` : '';
  return {
    reason: `it could not be stored after ${attempts} attempts${why}`,
    failed: `This email from ${sender} could not be stored after ${attempts} attempts${why}. What could be kept of it is with the conversation.`,
    text: '(This email could not be stored. What could be kept of it is with the conversation.)',
  };
}
