import { envSchema } from './env';
import { variableHelp } from './env-help';

/** One setting set wrong (or missing), said for the person who set it. */
export type ConfigProblem = { variable: string; problem: string; example: string };

/** The longest value quoted back: enough to recognise it, not a wall of text. */
const SHOWN_CHARACTERS = 60;

/**
 * Every problem with the configuration in `environment`, one per variable, in the schema's
 * order; none when the desk can start. The rules are lib/env.ts's: a refinement's own message
 * is already in words, and any other refusal is said as what the variable must be.
 */
export function configProblems(environment: Record<string, string | undefined>): ConfigProblem[] {
  const parsed = envSchema.safeParse(environment);
  if (parsed.success) return [];
  const problems = new Map<string, ConfigProblem>();
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0] ?? 'configuration');
    if (problems.has(variable)) continue;
    const help = variableHelp[variable];
    const problem = issue.code === 'custom' || !help ? issue.message : `must be ${help.expect}`;
    problems.set(variable, {
      variable,
      problem: `${shownValue(variable, environment[variable])} ${problem}`,
      example: `${variable}=${help?.example ?? '…'}`,
    });
  }
  return [...problems.values()];
}

/** What was set, quoted, unless it is a secret; "not set" when it was not. */
function shownValue(variable: string, value: string | undefined): string {
  if (value === undefined || value === '') return 'is not set:';
  if (variableHelp[variable]?.secret) return '(value not shown):';
  const cut = value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}…` : value;
  return `is ${JSON.stringify(cut)}:`;
}

/** The lines a start-up that found problems prints: what happened, then one line per problem. */
export function configReport(problems: ConfigProblem[]): string[] {
  const count = problems.length === 1 ? 'a setting' : `${problems.length} settings`;
  return [
    `Bakery Desk did not start: ${count} in its environment must be fixed first.`,
    ...problems.map(
      ({ variable, problem, example }) => `  ${variable} ${problem}. For example: ${example}`,
    ),
  ];
}
