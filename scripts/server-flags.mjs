// The V8 settings `npm start` runs the server with (and the benchmarks measure it with).
// Left alone, V8 lets the heap of a busy server grow to a few hundred megabytes of garbage
// before it collects, sized from the machine's memory rather than from what the desk keeps
// alive (well under 100 MB): capping the old generation makes it collect sooner, and a smaller
// young generation keeps short-lived request garbage from piling up. An operator's own
// NODE_OPTIONS setting for either wins.
const FLAGS = [
  ['--max-old-space-size', '256'],
  ['--max-semi-space-size', '8'],
];

/** The flags to pass to node, leaving out any the environment's NODE_OPTIONS already sets. */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return FLAGS.filter(([name]) => !nodeOptions.includes(name)).map(
    ([name, value]) => `${name}=${value}`,
  );
}
