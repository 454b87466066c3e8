// Process entry of both bin/palpanel and the single executable.
import { runFromProcess } from './main.js';

runFromProcess();
