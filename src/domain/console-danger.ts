// Which console commands ask before they run: the rule lives on the contract's floor
// (contract/console-danger.ts), since the task schema refuses a dangerous command without
// `confirm` with it; the server and the web console keep reading it by this name.
export { consoleDanger } from '../contract/console-danger.js';
