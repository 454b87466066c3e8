// Two-factor sign-in of the signed-in user: off → a QR code drawn here with the key in text, a
// code from the app to turn it on → the ten recovery codes, shown once; on → how many recovery
// codes are left, and turning it off with a code.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const begin = async () => {
    const r = await start.run(() => startTotp());
    if (r) setEnrolment(r.data);
  };
  return (
    <Card
      title={t('account.totp.title')}
      actions={status.data?.enabled ? <Badge tone="ok">{t('account.totp.on')}</Badge> : <Badge>{t('account.totp.off')}</Badge>}
    >
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
        <Async r={status} what={t('account.totp.reading')}>
          {(s) =>
            s.enabled ? (
              <>
                <p>{t('account.totp.enabled', { left: s.recoveryCodesLeft })}</p>
                {s.required ? (
                  <p className="muted small">{t('account.totp.staysOn')}</p>
                ) : (
                  <button type="button" className="danger" onClick={() => setRemoving(true)}>
                    {t('account.totp.turnOff')}
                  </button>
                )}
              </>
            ) : (
              <>
                <p>{t('account.totp.about')}</p>
                {s.required && <p className="warn-text">{t('account.totp.required')}</p>}
                <ErrorNote error={start.error} />
                <button type="button" className="primary" disabled={start.busy} onClick={() => void begin()}>
                  {t('account.totp.setUp')}
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
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await turnOn.run(() => confirmTotp(code.replace(/\s/g, '')));
    if (r) onOn(r.data.recoveryCodes);
  };
  return (
    <form className="enrol" onSubmit={(e) => void submit(e)}>
      <ol className="steps">
        <li>{t('account.totp.scan')}</li>
      </ol>
      <div className="qr-frame">
        <QrCode text={enrolment.uri} label={t('account.totp.qr')} />
      </div>
      <p className="small">
        {t('account.totp.noCamera')}{' '}
        <code className="key" data-testid="totp-secret">
          {grouped(enrolment.secret)}
        </code>
      </p>
      <ol className="steps" start={2}>
        <li>{t('account.totp.typeCode')}</li>
      </ol>
      <Field
        label={t('account.totp.code')}
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
          {t('account.totp.turnOn')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('account.totp.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, once: they exist nowhere else in clear. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
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
        <strong>{t('account.totp.isOn')}</strong> {t('account.totp.keepCodes')}
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
          {t(copied ? 'account.totp.copied' : 'account.totp.copyAll')}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          {t('account.totp.saved')}
        </button>
      </div>
    </div>
  );
}

function RemoveDialog({ open, onClose, onRemoved }: { open: boolean; onClose: () => void; onRemoved: () => void }) {
  const [code, setCode] = useState('');
  const act = useAction();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const remove = async () => {
    if ((await act.run(() => disableTotp(code.trim()))) !== undefined) {
      setCode('');
      onRemoved();
    }
  };
  return (
    <Dialog
      open={open}
      title={t('account.totp.offTitle')}
      confirm={t('account.totp.turnOff')}
      danger
      busy={act.busy}
      error={act.error}
      canConfirm={code.trim().length >= 6}
      onConfirm={() => void remove()}
      onClose={onClose}
    >
      <p>{t('account.totp.offBody')}</p>
      <Field label={t('account.totp.offCode')} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
    </Dialog>
  );
}
