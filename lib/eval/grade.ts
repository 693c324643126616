import type { NeedsPerson, Run } from '../agent/types';
import type { EvalCase } from './cases';

export type Grade = { pass: boolean; reasons: string[] };

/** "/\\$36\\.00/i" is a pattern; "two dozen" is case-insensitive text. */
export function matches(text: string, matcher: string): boolean {
  const pattern = /^\/(.+)\/([a-z]*)$/s.exec(matcher);
  if (pattern) return new RegExp(pattern[1] as string, pattern[2]).test(text);
  return text.toLowerCase().includes(matcher.toLowerCase());
}

/**
 * A draft passes when it says every fact it must, none it must not, and carries the mark for a
 * person exactly when the case says so. Each miss is a reason a person can read.
 */
export function gradeDraft(
  testCase: EvalCase,
  draft: { text: string | null; needsPerson: NeedsPerson | null },
): Grade {
  const reasons: string[] = [];
  const text = draft.text ?? '';
  if (draft.text === null) reasons.push('no draft');
  for (const m of testCase.must)
    if (!matches(text, m)) reasons.push(`missing ${JSON.stringify(m)}`);
  for (const m of testCase.mustNot) if (matches(text, m)) reasons.push(`says ${JSON.stringify(m)}`);
  if (testCase.needsPerson === true && !draft.needsPerson) {
    reasons.push('not marked for a person');
  }
  if (testCase.needsPerson === false && draft.needsPerson) {
    reasons.push(`marked for a person (${draft.needsPerson.reason}) without need`);
  }
  if (
    testCase.needsPersonReason &&
    draft.needsPerson &&
    draft.needsPerson.reason !== testCase.needsPersonReason
  ) {
    reasons.push(`marked ${draft.needsPerson.reason}, not ${testCase.needsPersonReason}`);
  }
  return { pass: reasons.length === 0, reasons };
}

/** The draft a run left: its answer, or none when it stopped without one. */
export function draftOf(run: Run): { text: string | null; needsPerson: NeedsPerson | null } {
  return {
    text: run.stop.kind === 'answered' ? run.stop.text : null,
    needsPerson: run.needsPerson,
  };
}
