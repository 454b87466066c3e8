// @vitest-environment jsdom
// The form fields and the dialog by what assistive technology gets from them: each control
// named by its label (visible or not), described by its hint, with ids that do not collide
// when a form or a page has several.
import { cleanup, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dialog } from '../src/ui/dialog';
import { CheckField, Field, FileButton, SelectField, TextAreaField } from '../src/ui/fields';

afterEach(cleanup);

/** The text of the element(s) an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('fields', () => {
  it('names each control by its label and describes it by its hint, with ids of its own', () => {
    renderIntl(
      <form>
        <Field label="Username" value="" onChange={() => undefined} />
        <Field label="Password" hint="10 characters or more." type="password" value="" onChange={() => undefined} />
        <Field label="Password again" hint="The same once more." type="password" value="" onChange={() => undefined} />
        <SelectField label="Role" value="viewer" onChange={() => undefined}>
          <option value="viewer">Viewer</option>
          <option value="admin">Admin</option>
        </SelectField>
        <TextAreaField label="Message" value="" onChange={() => undefined} />
      </form>,
    );
    const user = screen.getByRole('textbox', { name: 'Username' });
    const pass = screen.getByLabelText('Password');
    const again = screen.getByLabelText('Password again');
    expect(user.getAttribute('aria-describedby')).toBeNull();
    expect(description(pass)).toBe('10 characters or more.');
    expect(description(again)).toBe('The same once more.');
    expect(new Set([user.id, pass.id, again.id]).size).toBe(3);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInstanceOf(HTMLSelectElement);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInstanceOf(HTMLTextAreaElement);
    // The box around label, control and hint.
    expect(pass.parentElement?.className).toBe('field');
  });

  it('keeps a given id (label and hint follow it) and a given box class', () => {
    renderIntl(
      <Field
        label="Command"
        hint="Sent through RCON."
        id="cmd"
        fieldClass="field grow"
        className="mono"
        value=""
        onChange={() => undefined}
      />,
    );
    const cmd = screen.getByLabelText('Command');
    expect(cmd.id).toBe('cmd');
    expect(cmd.className).toBe('mono');
    expect(description(cmd)).toBe('Sent through RCON.');
    expect(cmd.parentElement?.className).toBe('field grow');
  });

  it('with hideLabel, names the bare control and draws no label', () => {
    const { container } = renderIntl(
      <div className="inline-form">
        <Field hideLabel label="Note" placeholder="Note" value="" onChange={() => undefined} />
        <SelectField hideLabel label="Webhook format" value="json" onChange={() => undefined}>
          <option value="json">JSON</option>
        </SelectField>
      </div>,
    );
    expect(screen.getByRole('textbox', { name: 'Note' }).parentElement).toBe(container.firstChild);
    expect(screen.getByRole('combobox', { name: 'Webhook format' }).parentElement).toBe(container.firstChild);
    expect(container.querySelector('label')).toBeNull();
  });

  it('names a checkbox by the words beside it, or by words for screen readers only', () => {
    renderIntl(
      <>
        <CheckField label="Whitelist on" checked={false} onChange={() => undefined} />
        <CheckField hideLabel label="Nightly restart enabled" checked onChange={() => undefined} />
      </>,
    );
    expect(screen.getByRole('checkbox', { name: 'Whitelist on' })).toBeTruthy();
    const hidden = screen.getByRole('checkbox', { name: 'Nightly restart enabled' });
    expect(hidden.nextElementSibling?.className).toBe('sr-only');
  });

  it('names the file button’s input by the button’s words', () => {
    renderIntl(<FileButton label="Upload a backup" accept=".tar.gz" onChange={() => undefined} />);
    const input = screen.getByLabelText('Upload a backup');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.closest('label')?.className).toBe('button');
  });
});

describe('Dialog', () => {
  // jsdom has no modal dialogs: showModal and close just set `open`.
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterAll(() => {
    // Back to jsdom's own (none).
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
  });

  it('is named by its own title, however many dialogs the page has', () => {
    const none = () => undefined;
    renderIntl(
      <>
        <Dialog open title="Revoke “bot”?" confirm="Revoke" onConfirm={none} onClose={none} />
        <Dialog open title="Remove “greet”?" confirm="Remove" onConfirm={none} onClose={none} />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Revoke “bot”?' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Remove “greet”?' })).toBeTruthy();
  });
});
