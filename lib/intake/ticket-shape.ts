/** The shape of a ticket token in a link; anything else is not looked up at all. */
export const TICKET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

/** The well-formed ticket token a path under `/t/<token>` names, if it names one. */
export function ticketTokenInPath(path: string | null | undefined): string | undefined {
  const token = /^\/t\/([^/]+)/.exec(path ?? '')?.[1];
  return token !== undefined && TICKET_TOKEN_SHAPE.test(token) ? token : undefined;
}
