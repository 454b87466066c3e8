// Sizes of the long-running tests, read from the environment so a quick local loop can run
// fewer rounds while CI keeps the defaults (docs/development.md, "Tests").
//   PALPANEL_TEST_CRASH_ROUNDS    kill -9 rounds of the crash test (default 20)
//   PALPANEL_TEST_FUZZ_VARIANTS   fuzz variants in all, shared out as today (default 11,750)

/** A positive whole number from `process.env[name]`, or `fallback` when it is unset or empty. */
export function countSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  // A typo must not quietly shrink a test to nothing.
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a whole number of at least 1`);
  }
  return n;
}
