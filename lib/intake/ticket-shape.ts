/** The shape of a ticket token in a link; anything else is not looked up at all. */
export const TICKET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;
