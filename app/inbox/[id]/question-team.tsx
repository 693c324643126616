'use client';

import { startTransition, useEffect, useId, useRef } from 'react';
import { buttonClass, FormMessage } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { PresenceFeed, QuestionHeartbeat, QuestionPresence } from '../_components/presence';
import { assignAction, takeOnOpenAction } from './assign-actions';

type Person = { id: number; name: string };

/**
 * Who is on this question: colleagues viewing or writing (live), who looks after it, and the
 * buttons to take it, hand it to a colleague or let it go.
 */
export function QuestionTeam({
  questionId,
  self,
  assignee,
  people,
  heartbeatMs,
  takeOnOpen,
}: {
  questionId: number;
  self: Person;
  assignee: Person | null;
  people: Person[];
  heartbeatMs: number;
  /** Settings' "assign on open" applies: take it once, as the page opens. */
  takeOnOpen: boolean;
}) {
  const form = useFormAction(assignAction);
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!takeOnOpen || opened.current === questionId) return;
    opened.current = questionId;
    const data = new FormData();
    data.set('questionId', String(questionId));
    startTransition(async () => {
      await takeOnOpenAction(undefined, data);
    });
  }, [takeOnOpen, questionId]);
  const selectId = useId();
  const expected = assignee ? String(assignee.id) : 'nobody';
  const hidden = (
    <>
      <input type="hidden" name="questionId" value={questionId} />
      <input type="hidden" name="expected" value={expected} />
    </>
  );
  return (
    <section
      aria-label="Who is on this question"
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
    >
      <PresenceFeed selfUserId={self.id} />
      <QuestionHeartbeat questionId={questionId} heartbeatMs={heartbeatMs} />
      <QuestionPresence questionId={questionId} />
      <div className="flex flex-wrap items-center gap-3">
        <p data-testid="question-assignee">
          {assignee
            ? `Assigned to ${assignee.id === self.id ? 'you' : assignee.name}`
            : 'Not assigned to anyone'}
        </p>
        {assignee?.id !== self.id ? (
          <form action={form.formAction}>
            {hidden}
            <input type="hidden" name="assignee" value="me" />
            <button type="submit" className={buttonClass} disabled={form.pending}>
              Assign to me
            </button>
          </form>
        ) : null}
        {assignee ? (
          <form action={form.formAction}>
            {hidden}
            <input type="hidden" name="assignee" value="nobody" />
            <button
              type="submit"
              className="rounded-md border border-stone-300 bg-white px-3 py-2"
              disabled={form.pending}
            >
              Unassign
            </button>
          </form>
        ) : null}
        <form action={form.formAction} className="flex flex-wrap items-center gap-2">
          {hidden}
          <label htmlFor={selectId}>Assign to</label>
          <select
            id={selectId}
            name="assignee"
            defaultValue={assignee ? String(assignee.id) : ''}
            className="rounded-md border border-stone-300 bg-white px-2 py-2"
            data-testid="assign-select"
          >
            <option value="" disabled>
              Choose a person
            </option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.id === self.id ? `${person.name} (you)` : person.name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="rounded-md border border-stone-300 bg-white px-3 py-2"
            disabled={form.pending}
          >
            Assign
          </button>
        </form>
      </div>
      <FormMessage message={form.message ?? form.errors.assignee} />
      {form.saved ? (
        <p role="status" className="text-green-900" data-testid="assign-result">
          {form.saved}
        </p>
      ) : null}
    </section>
  );
}
