// The backup words shared by the server, the CLI and the web UI: what made a backup, the form of
// its id, and the bounds of the schedule an admin sets. On the contract's floor, since the backup
// schemas (contract/backups.ts) enumerate them; every room imports them from here.

/** What made a backup: the schedule, an admin, a restore (the world it replaced), an upload. */
export const BACKUP_TRIGGERS = ['scheduled', 'manual', 'pre-restore', 'imported'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** `20260714T093000Z-manual-1a2b3c`: sortable by time, and nothing a path could abuse. */
export const BACKUP_ID = new RegExp(`^\\d{8}T\\d{6}Z-(${BACKUP_TRIGGERS.join('|')})-[0-9a-f]{6}$`);

/** The schedule's bounds: hours between scheduled backups, and days a backup is kept. */
export const BACKUP_INTERVAL_HOURS = { min: 1, max: 12 } as const;
export const BACKUP_RETENTION_DAYS = { min: 7, max: 60 } as const;
/** Tiered retention (0: off): one a day kept for N weeks, one a week for M months. */
export const BACKUP_KEEP_DAILY_WEEKS = { min: 0, max: 52 } as const;
export const BACKUP_KEEP_WEEKLY_MONTHS = { min: 0, max: 36 } as const;
/** Hours between checks of the off-site copy (0: only on demand), and the age past which the
 * newest good off-site copy is a warning (0: no bound). */
export const BACKUP_CHECK_INTERVAL_HOURS = { min: 0, max: 168 } as const;
export const BACKUP_CHECK_MAX_AGE_HOURS = { min: 0, max: 2160 } as const;
/** The storage budget in bytes (0: none); at most 1 PiB, well within a safe integer. */
export const BACKUP_BUDGET_BYTES = { min: 0, max: 2 ** 50 } as const;

/** The word a restore is confirmed with, typed exactly (interface.md: Restore). */
export const RESTORE_CONFIRMATION = 'RESTORE';

/** Where a backup's off-site copy stands (SERVICE_BACKUP_COPY_COMMAND): `off` when no copy was
 * asked of it (no command set when it was made), `pending` until the command runs, `running`,
 * `copied`, or `failed` (its last attempt failed; a next attempt is due unless given up). */
export const BACKUP_COPY_STATES = ['off', 'pending', 'running', 'copied', 'failed'] as const;
export type BackupCopyState = (typeof BACKUP_COPY_STATES)[number];

/** What a check of an off-site copy found (backups/copy-check.ts). */
export const BACKUP_CHECK_OUTCOMES = ['ok', 'corrupt', 'missing', 'failed'] as const;
export type BackupCheckOutcome = (typeof BACKUP_CHECK_OUTCOMES)[number];
