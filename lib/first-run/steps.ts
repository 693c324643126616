/**
 * The guided start's steps, in order. Each is a page of /admin/start (`?step=`); every step can
 * be left as it is, and the whole can be skipped.
 */
export const guidedSteps = [
  { id: 'bakery', title: 'Your bakery' },
  { id: 'hours', title: 'Weekly hours' },
  { id: 'menu', title: 'Menu' },
  { id: 'staff', title: 'Staff' },
  { id: 'connect', title: 'Email and a model' },
  { id: 'examples', title: 'Example questions' },
] as const;

export type GuidedStep = (typeof guidedSteps)[number];
export type GuidedStepId = GuidedStep['id'];

/** The step a query string asks for; the first for anything else. */
export function guidedStepOf(query: string | string[] | undefined): GuidedStep {
  const wanted = Array.isArray(query) ? query[0] : query;
  return guidedSteps.find((step) => step.id === wanted) ?? guidedSteps[0];
}

/** The steps before and after, where there are. */
export function besideStep(id: GuidedStepId): {
  previous: GuidedStep | undefined;
  next: GuidedStep | undefined;
  number: number;
} {
  const index = guidedSteps.findIndex((step) => step.id === id);
  return { previous: guidedSteps[index - 1], next: guidedSteps[index + 1], number: index + 1 };
}

export function guidedStepHref(id: GuidedStepId): string {
  return `/admin/start?step=${id}`;
}
