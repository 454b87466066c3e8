// What a command needs from its process: the environment (read once, here), output streams,
// and stdin. Passed in so commands can run inside tests.
export interface CliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  stdin: NodeJS.ReadStream;
  debug: boolean;
}

export const processIo = (debug: boolean): CliIo => ({
  env: process.env,
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  stdin: process.stdin,
  debug,
});
