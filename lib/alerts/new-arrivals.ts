/**
 * Which questions an open tab should announce. Only a customer's message makes an alert: a new
 * question or a follow-up that now waits for review. A person's own send, discard or redraft
 * writes no customer message, so it never alerts anyone, least of all them.
 */
export type WaitingMessage = {
  questionId: number;
  /** The customer's newest message in that conversation. */
  messageId: number;
  customerName: string;
  /** Whether the conversation had bakery replies before: then the message is a follow-up. */
  followUp: boolean;
  text: string;
};

export type AlertSummary = {
  needsReview: number;
  /** The newest customer message anywhere; a tab's first look takes it as already seen. */
  newestMessageId: number;
  /** Questions needing review, newest first, a bounded few. */
  waiting: WaitingMessage[];
};

/** Keys already announced in this tab, so a reload or a second event never repeats one. */
export const alertKey = (m: Pick<WaitingMessage, 'questionId' | 'messageId'>) =>
  `${m.questionId}:${m.messageId}`;

/**
 * The messages to announce now: waiting for review, written after the tab started watching
 * (`since`, the newest message id it first saw), and not announced before.
 */
export function newArrivals(
  summary: AlertSummary,
  since: number,
  announced: ReadonlySet<string>,
): WaitingMessage[] {
  return summary.waiting.filter(
    (message) => message.messageId > since && !announced.has(alertKey(message)),
  );
}

/** The notification's words; the customer's text is shown as text by the browser. */
export function notificationOf(message: WaitingMessage): { title: string; body: string } {
  const who = displayName(message.customerName);
  const line =
    message.text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return {
    title: message.followUp ? `${who} wrote again` : `New question from ${who}`,
    body: line.length > 140 ? `${line.slice(0, 139).trimEnd()}…` : line,
  };
}

function displayName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'a customer';
  return trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
}
