// Two-factor sign-in of the signed-in user: off → a QR code drawn here with the key in text, a
// code from the app to turn it on → the ten recovery codes, shown once; on → how many recovery
// codes are left, and turning it off with a code.
import { useState, type FormEvent } from 'react';
import { useAction } from '../../api/hooks';
import { Badge, Card } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';
import { confirmTotp, disableTotp, startTotp, useOwnTotp } from './api';
import { QrCode } from './qr';

/** The key in groups of four, as apps that take it by hand show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpCard({ onEnabled }: { onEnabled?: () => void }) {
  const status = useOwnTotp();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const start = useAction();
  const begin = async () => {
    const r = await start.run(() => startTotp());
    if (r) setEnrolment(r.data);
  };
  return (
    <Card title="Two-factor sign-in" actions={status.data?.enabled ? <Badge tone="ok">on</Badge> : <Badge>off</Badge>}>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            onEnabled?.();
          }}
        />
      ) : enrolment ? (
        <Enrol
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onOn={(c) => {
            setEnrolment(null);
            setCodes(c);
            status.reload();
          }}
        />
      ) : (
        <Async r={status} what="Reading two-factor sign-in">
          {(s) =>
            s.enabled ? (
              <>
                <p>
                  You sign in with your password and a code from your authenticator app. {s.recoveryCodesLeft} of 10 recovery codes left.
                </p>
                {s.required ? (
                  <p className="muted small">Your role requires it, so it stays on.</p>
                ) : (
                  <button type="button" className="danger" onClick={() => setRemoving(true)}>
                    Turn off
                  </button>
                )}
              </>
            ) : (
              <>
                <p>
                  After your password, palpanel asks for a 6-digit code from an authenticator app on your phone (any app that reads a QR
                  code: Aegis, Google Authenticator, 1Password, …).
                </p>
                {s.required && <p className="warn-text">Your role requires it: set it up to use the panel.</p>}
                <ErrorNote error={start.error} />
                <button type="button" className="primary" disabled={start.busy} onClick={() => void begin()}>
                  Set up two-factor sign-in
                </button>
              </>
            )
          }
        </Async>
      )}
      <RemoveDialog
        open={removing}
        onClose={() => setRemoving(false)}
        onRemoved={() => {
          setRemoving(false);
          status.reload();
        }}
      />
    </Card>
  );
}

function Enrol({
  enrolment,
  onCancel,
  onOn,
}: {
  enrolment: { secret: string; uri: string };
  onCancel: () => void;
  onOn: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const turnOn = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await turnOn.run(() => confirmTotp(code.replace(/\s/g, '')));
    if (r) onOn(r.data.recoveryCodes);
  };
  return (
    <form className="enrol" onSubmit={(e) => void submit(e)}>
      <ol className="steps">
        <li>Scan this code with your authenticator app.</li>
      </ol>
      <div className="qr-frame">
        <QrCode text={enrolment.uri} label="QR code of the new two-factor key for your authenticator app" />
      </div>
      <p className="small">
        No camera? Type this key into the app (time-based, 6 digits, 30 seconds):{' '}
        <code className="key" data-testid="totp-secret">
          {grouped(enrolment.secret)}
        </code>
      </p>
      <ol className="steps" start={2}>
        <li>Type the 6-digit code the app shows now.</li>
      </ol>
      <Field
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <ErrorNote error={turnOn.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={turnOn.busy}>
          Turn on
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, once: they exist nowhere else in clear. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (plain http elsewhere): the codes are selectable text
    }
  };
  return (
    <div className="new-key" role="status">
      <p>
        <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if you lose your phone.
        They are not shown again.
      </p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy all'}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function RemoveDialog({ open, onClose, onRemoved }: { open: boolean; onClose: () => void; onRemoved: () => void }) {
  const [code, setCode] = useState('');
  const act = useAction();
  const remove = async () => {
    if ((await act.run(() => disableTotp(code.trim()))) !== undefined) {
      setCode('');
      onRemoved();
    }
  };
  return (
    <Dialog
      open={open}
      title="Turn off two-factor sign-in?"
      confirm="Turn off"
      danger
      busy={act.busy}
      error={act.error}
      canConfirm={code.trim().length >= 6}
      onConfirm={() => void remove()}
      onClose={onClose}
    >
      <p>Your password alone signs you in again, and the recovery codes stop working.</p>
      <Field
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
    </Dialog>
  );
}
