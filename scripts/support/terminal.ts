/** Everything piped to standard input, as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line from the terminal without echoing it (for passwords). */
export function readHiddenLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo goes off before the prompt appears, so nothing typed after it is shown.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding('utf8');
  stdin.resume();
  let line = '';
  return new Promise((resolve, reject) => {
    const finish = (result: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(() => resolve(line));
        if (character === '\u0003' || character === '\u0004') {
          return finish(() => reject(new Error('Cancelled.')));
        }
        if (character === '\u007f' || character === '\b') line = line.slice(0, -1);
        else line += character;
      }
    };
    stdin.on('data', onData);
  });
}
