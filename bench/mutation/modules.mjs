// The modules mutation testing covers (issue 26): where a bug loses data or opens a door. Each
// is run on its own with the tests written for it, so a mutant costs those tests only, and its
// score says how well they guard it.
export const MODULES = {
  'panel-guards': {
    what: "the panel's route tables (roles), its guards (session, role, Origin, media type) and the route table's dispatch",
    mutate: [
      'src/http/panel/*/routes.ts',
      'src/http/panel/index.ts',
      'src/http/panel/origin.ts',
      'src/http/panel/media-type.ts',
      'src/http/routes/table.ts',
    ],
    tests: [
      'test/http/panel-roles.test.ts',
      'test/http/panel.test.ts',
      'test/http/panel-guards.test.ts',
      'test/http/not-configured.test.ts',
      'test/http/unauthorized.test.ts',
      'test/http/route-table.test.ts',
    ],
  },
  // The restore's kill tests (backup-crash, restore-kill-steps) and its read-only mount test
  // (restore-readonly: serve in a mount namespace of its own) are not in its list: their restores
  // run in child processes, which Stryker's active mutant never reaches (it is set in the test
  // process), so they could only add minutes, never a kill.
  'restore-backups': {
    what: 'the restore (per-file swap under a journal, what it owns) and the backup operations',
    mutate: ['src/backups/restore.ts', 'src/backups/world-swap.ts', 'src/backups/owned.ts', 'src/backups/ops.ts'],
    tests: [
      'test/backups/backups.test.ts',
      'test/backups/restore-keep.test.ts',
      'test/backups/restore-rules.test.ts',
      'test/backups/backup-ops.test.ts',
      'test/backups/restore-job.test.ts',
      'test/backups/restore-shutdown.test.ts',
      'test/backups/restore-run.test.ts',
      'test/backups/copy-check.test.ts',
    ],
  },
  'tar-reading': {
    what: 'the tar reader and the archive member bounds',
    mutate: ['src/lib/tar.ts', 'src/backups/member-bounds.ts'],
    tests: [
      'test/lib/tar-stream.test.ts',
      'test/lib/tar.test.ts',
      'test/backups/member-bounds.test.ts',
      'test/backups/archive-bounds.test.ts',
      'test/backups/backups.test.ts',
    ],
  },
  'config-writer': {
    what: "the game config file's reader and writer",
    mutate: ['src/game-config/config-file.ts'],
    tests: [
      'test/game-config/config-file.test.ts',
      'test/actions/config-editor.test.ts',
      'test/actions/config-compose.test.ts',
      'test/actions/config-1.0.test.ts',
    ],
  },
  'console-masking': {
    what: 'secrets masked in console commands, replies and logs',
    mutate: ['src/domain/console-text.ts'],
    tests: ['test/actions/console.test.ts', 'test/domain/console-text.test.ts'],
  },
  'login-throttle': {
    what: 'the failed-login throttle per address and username',
    mutate: ['src/http/panel/auth/login-throttle.ts'],
    tests: ['test/http/login-throttle.test.ts', 'test/http/panel.test.ts', 'test/app/login-lockout.test.ts'],
  },
  'audit-writes': {
    what: 'audit rows: what is written, with the change, and who sees them',
    mutate: ['src/store/audit.ts', 'src/domain/audit.ts', 'src/lib/time.ts'],
    tests: ['test/store/audit-words.test.ts', 'test/store/audit.test.ts', 'test/http/admin-routes.test.ts', 'test/lib/time.test.ts'],
  },
  'integration-redaction': {
    what: "the Integration API's rows, built by allowlist",
    mutate: ['src/views/world-rows.ts', 'src/views/live-rows.ts'],
    tests: [
      'test/http/conformance.test.ts',
      'test/http/world-routes.test.ts',
      'test/http/player-routes.test.ts',
      'test/http/pal-routes.test.ts',
      'test/views/integration-rows.test.ts',
    ],
  },
  'etag-pagination': {
    what: 'ETag and envelope of answers, and cursor pagination',
    mutate: ['src/http/respond.ts', 'src/http/cursor.ts', 'src/contract/page-params.ts'],
    tests: [
      'test/http/cursor-etag.test.ts',
      'test/http/edges.test.ts',
      'test/http/pagination-walk.test.ts',
      'test/http/conformance.test.ts',
    ],
  },
  'save-watcher': {
    what: 'the save watcher: when a save is complete, when it is re-read, which world',
    mutate: ['src/ingest/save-watcher.ts', 'src/ingest/save-files.ts'],
    // Not here: test/app/serve-autosave.test.ts, serve beside the simulated game at the game's
    // own 30 s autosave, which takes 90 s a run and made this module's run take hours; the
    // watcher's rules are tested on their own clock in save-watcher.test.ts.
    tests: [
      'test/ingest/save-watcher.test.ts',
      'test/ingest/world-folder.test.ts',
      'test/app/serve-save-problems.test.ts',
      'test/ingest/save-watcher-rules.test.ts',
      'test/ingest/save-files.test.ts',
    ],
  },
};
