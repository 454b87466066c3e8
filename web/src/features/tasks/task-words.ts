// A task in words for the list, and the add form's fields turned into the body the API takes.
import type { IntlShape } from 'react-intl';
import type { BodyOf } from '../../api/operations';
import type { Task } from '../../types';
import { DEFAULT_STEPS_TEXT, parseSteps, stepsText } from '../dashboard/countdown/steps';

export const blank = {
  name: '',
  every: 'day' as Every,
  at: '04:00',
  cron: '0 5 * * *',
  /** An IANA zone; empty: the server's (SERVICE_TIMEZONE, default UTC). */
  timezone: '',
  minutes: 360,
  kind: 'restart' as Kind,
  steps: DEFAULT_STEPS_TEXT,
  message: '',
  whenPlayersOnline: 'run' as WhenPlayersOnline,
  announcement: '',
  delaySec: 60,
  shutdownMessage: 'Maintenance',
  command: '',
};
export type Kind = Task['action']['kind'];
export type Every = Task['schedule']['every'];
type WhenPlayersOnline = Extract<Task['action'], { kind: 'restart' }>['whenPlayersOnline'];
export type TaskFormState = typeof blank;

/** "04:00" as the UI's language writes a time of day (always on a 24-hour clock, as the form takes it). */
export function clockTime(intl: IntlShape, at: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(at);
  if (!m) return at;
  const d = Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]));
  return intl.formatTime(d, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
}

export function scheduleWords(intl: IntlShape, t: Task): string {
  const s = t.schedule;
  const zone = (s.every !== 'interval' && s.timezone) || intl.formatMessage({ id: 'tasks.schedule.serverZone' });
  if (s.every === 'day') return intl.formatMessage({ id: 'tasks.schedule.daily' }, { at: clockTime(intl, s.at), zone });
  if (s.every === 'cron') return intl.formatMessage({ id: 'tasks.schedule.cron' }, { cron: s.cron, zone });
  return intl.formatMessage({ id: 'tasks.schedule.interval' }, { minutes: s.minutes });
}
export function actionWords(intl: IntlShape, t: Task): string {
  const a = t.action;
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `tasks.action.${id}` }, values);
  switch (a.kind) {
    case 'restart':
      return a.steps || !a.warnMinutes
        ? w('restart', { steps: a.steps ? stepsText(a.steps) : DEFAULT_STEPS_TEXT })
        : w('restartWarn', { minutes: a.warnMinutes });
    case 'announce':
      return w('announce', { message: a.message });
    case 'save':
      return w('save');
    case 'shutdown':
      return a.steps ? w('shutdownSteps', { delay: a.delaySec, steps: stepsText(a.steps) }) : w('shutdown', { delay: a.delaySec });
    case 'command':
      return w('command', { command: a.command });
  }
}

/** The form's steps, read: the steps or why they cannot be read. */
export type ParsedSteps = ReturnType<typeof parseSteps>;

/** The task the form describes, as POST /tasks takes it. */
export function taskBody(form: TaskFormState, parsed: ParsedSteps): BodyOf<'addTask'> {
  const steps = 'steps' in parsed ? { steps: parsed.steps } : {};
  const action = (): BodyOf<'addTask'>['action'] => {
    switch (form.kind) {
      case 'restart':
        return {
          kind: 'restart',
          ...steps,
          ...(form.message.trim() ? { message: form.message.trim() } : {}),
          whenPlayersOnline: form.whenPlayersOnline,
        };
      case 'announce':
        return { kind: 'announce', message: form.announcement.trim() };
      case 'save':
        return { kind: 'save' };
      case 'shutdown':
        return { kind: 'shutdown', delaySec: form.delaySec, message: form.shutdownMessage.trim(), ...steps };
      case 'command':
        return { kind: 'command', command: form.command.trim() };
    }
  };
  return {
    name: form.name.trim(),
    enabled: true,
    schedule: scheduleOf(form),
    action: action(),
  };
}

/** A task back in the form's fields, to change it (the fields of other actions keep their blanks). */
export function formOf(t: Task): TaskFormState {
  const a = t.action;
  const s = t.schedule;
  const when =
    s.every === 'day'
      ? { every: 'day' as const, at: s.at, timezone: s.timezone ?? '' }
      : s.every === 'cron'
        ? { every: 'cron' as const, cron: s.cron, timezone: s.timezone ?? '' }
        : { every: 'interval' as const, minutes: s.minutes };
  const base = { ...blank, name: t.name, ...when, kind: a.kind };
  switch (a.kind) {
    case 'restart':
      return {
        ...base,
        steps: a.steps ? stepsText(a.steps) : DEFAULT_STEPS_TEXT,
        message: a.message ?? '',
        whenPlayersOnline: a.whenPlayersOnline,
      };
    case 'announce':
      return { ...base, announcement: a.message };
    case 'save':
      return base;
    case 'shutdown':
      return { ...base, delaySec: a.delaySec, shutdownMessage: a.message, steps: a.steps ? stepsText(a.steps) : DEFAULT_STEPS_TEXT };
    case 'command':
      return { ...base, command: a.command };
  }
}

function scheduleOf(form: TaskFormState): BodyOf<'addTask'>['schedule'] {
  const tz = form.timezone.trim() ? { timezone: form.timezone.trim() } : {};
  if (form.every === 'day') return { every: 'day', at: form.at, ...tz };
  if (form.every === 'cron') return { every: 'cron', cron: form.cron.trim(), ...tz };
  return { every: 'interval', minutes: form.minutes };
}
