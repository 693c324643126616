/**
 * The panel's side of its messages with the loader, kept apart from the origin schemas so the
 * panel sends the browser no validation library.
 */

/** Whether a message that reached the panel came from a website allowed to show it. */
export function messageOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.includes(origin);
}
