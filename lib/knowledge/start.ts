import { KNOWLEDGE_TITLE_MAX } from './forms';

/**
 * A new entry started from a question nothing answered: `?question=…&topic=…`, or the
 * insights dashboard's `?new=1&title=…` (the question's first line). Its title from the topic or
 * the question, and the question shown beside the form; the answer is the owner's to write.
 */
export function knowledgeStart(
  query: Record<string, string | string[] | undefined>,
): { title: string; question: string } | null {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.replace(/\s+/g, ' ').trim() ?? '';
  const question = (first(query.question) || first(query.title)).slice(0, 300);
  const topic = first(query.topic).slice(0, KNOWLEDGE_TITLE_MAX);
  if (!question && !topic) return null;
  const title = topic
    ? topic.charAt(0).toUpperCase() + topic.slice(1)
    : question.slice(0, KNOWLEDGE_TITLE_MAX);
  return { title, question };
}
