import { labelsOfQuestions, listLabels } from '@/db/labels';
import { LabelPicker } from './label-picker';

/** A conversation's labels, with staff's add and remove, beside the question. */
export async function QuestionLabels({ questionId }: { questionId: number }) {
  const [all, carried] = await Promise.all([listLabels(), labelsOfQuestions([questionId])]);
  const on = carried.get(questionId) ?? [];
  return (
    <LabelPicker
      questionId={questionId}
      on={on.map(({ id, name, colour }) => ({ id, name, colour }))}
      available={all
        .filter((label) => !on.some((carriedLabel) => carriedLabel.id === label.id))
        .map(({ id, name }) => ({ id, name }))}
    />
  );
}
