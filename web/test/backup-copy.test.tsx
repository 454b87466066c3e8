// @vitest-environment jsdom
// A backup's off-site copy in the backups list: a badge for each state; an admin opens a failed
// or made copy for its last attempt (exit status, duration, output), a viewer sees the state only.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupCopyCell } from '../src/features/backups/BackupCopy';
import type { BackupCopy } from '../src/types';

afterEach(cleanup);

const FAILED: BackupCopy = {
  state: 'failed',
  attempts: 2,
  lastAttemptAt: '2026-07-14T09:31:00.000Z',
  lastExitCode: 1,
  lastDurationMs: 2_400,
  lastOutput: 'Failed to copyto: dial tcp 10.0.0.9:22: connect: connection refused',
  nextAttemptAt: '2026-07-14T09:36:00.000Z',
  copiedAt: null,
};

describe('the off-site copy cell', () => {
  it('opens for an admin on the last attempt: its exit status, duration and output', () => {
    renderIntl(<BackupCopyCell copy={FAILED} detail />);
    const summary = screen.getByLabelText(/^Off-site copy: failed\. The last attempt failed; tried again /);
    expect(summary.tagName).toBe('SUMMARY');
    fireEvent.click(summary);
    expect(screen.getByText(/2 attempts; the last .*: exit status 1, 2\.4 s\./)).toBeTruthy();
    expect(screen.getByLabelText("The copy command's last lines of output").textContent).toBe(FAILED.lastOutput);
  });

  it('says a killed attempt and a copy given up in words', () => {
    renderIntl(<BackupCopyCell copy={{ ...FAILED, lastExitCode: null, nextAttemptAt: null, lastOutput: '' }} detail />);
    expect(screen.getByLabelText(/The last attempt failed; given up\.$/)).toBeTruthy();
    expect(screen.getByText(/killed or did not start/)).toBeTruthy();
    expect(screen.getByText('It printed nothing.')).toBeTruthy();
  });

  it('shows a viewer the state alone, and nothing to open', () => {
    const { container } = renderIntl(<BackupCopyCell copy={{ state: 'failed' }} detail={false} />);
    expect(screen.getByText('failed').className).toBe('badge bad');
    expect(container.querySelector('details')).toBeNull();
    expect(container.textContent).toBe('failed');
  });

  it.each([
    ['off', 'not copied', 'badge muted'],
    ['pending', 'waiting', 'badge muted'],
    ['running', 'copying…', 'badge info'],
    ['copied', 'copied', 'badge ok'],
  ] as const)('draws %s as “%s”', (state, word, cls) => {
    renderIntl(<BackupCopyCell copy={{ state }} detail={false} />);
    expect(screen.getByText(word).className).toBe(cls);
  });
});
