/** The V8 flags `npm start` runs the server with, less any NODE_OPTIONS already sets. */
export function serverNodeFlags(nodeOptions?: string): string[];
