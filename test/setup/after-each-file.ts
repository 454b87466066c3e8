// Setup file of both projects: after each test file, the serve processes it left running are
// stopped (they would keep writing into its folders) and its temporary folders go.
import { afterAll } from 'vitest';
import { stopServeProcesses } from '../helpers/cli.js';
import { removeTempDirs } from '../helpers/temp.js';

afterAll(async () => {
  await stopServeProcesses();
  removeTempDirs();
});
