// The backup words shared by the server, the CLI and the web UI. They are words of the wire (the
// backup schemas enumerate them), so they are declared on the contract's floor
// (contract/backup-words.ts); the domain keeps this name for its readers.
export * from '../contract/backup-words.js';
export type { BackupSchedule, BackupScheduleInput } from '../contract/backups.js';
