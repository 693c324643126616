/** What a customer's form says when the desk's database is away and nothing was taken. */
export const QUESTION_NOT_TAKEN =
  'We couldn’t take your question just now. Please try again in a moment.';
export const MESSAGE_NOT_TAKEN =
  'We couldn’t send your message just now. Please try again in a moment.';
