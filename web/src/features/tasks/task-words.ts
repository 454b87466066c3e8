// A task in words for the list, and the add form's fields turned into the body the API takes.
import type { BodyOf } from '../../api/operations';
import type { Task } from '../../types';
import { DEFAULT_STEPS_TEXT, parseSteps, stepsText } from '../dashboard/countdown/steps';

export const blank = {
  name: '',
  every: 'day' as 'day' | 'interval',
  at: '04:00',
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
type WhenPlayersOnline = Extract<Task['action'], { kind: 'restart' }>['whenPlayersOnline'];
export type TaskFormState = typeof blank;

export const scheduleWords = (t: Task) =>
  t.schedule.every === 'day' ? `daily at ${t.schedule.at} UTC` : `every ${t.schedule.minutes} min`;
export function actionWords(t: Task): string {
  const a = t.action;
  switch (a.kind) {
    case 'restart':
      return `restart, told at ${a.steps ? stepsText(a.steps) : a.warnMinutes ? `${a.warnMinutes}m and the default steps below` : DEFAULT_STEPS_TEXT}`;
    case 'announce':
      return `announce “${a.message}”`;
    case 'save':
      return 'save the world';
    case 'shutdown':
      return `shut down after ${a.delaySec} s${a.steps ? `, told at ${stepsText(a.steps)}` : ''}`;
    case 'command':
      return `run ${a.command} (RCON)`;
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
    schedule: form.every === 'day' ? { every: 'day', at: form.at } : { every: 'interval', minutes: form.minutes },
    action: action(),
  };
}

/** A task back in the form's fields, to change it (the fields of other actions keep their blanks). */
export function formOf(t: Task): TaskFormState {
  const a = t.action;
  const when =
    t.schedule.every === 'day' ? { every: 'day' as const, at: t.schedule.at } : { every: 'interval' as const, minutes: t.schedule.minutes };
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
