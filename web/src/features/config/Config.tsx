// The game's settings, in the groups a host thinks in (SettingGroups.tsx), each with a readable
// name, its raw key and a line on what it does, searchable by any of them: typed fields with
// their ranges and defaults, what changed before it is saved (nothing is, while a typed value
// is invalid: the reason is beside the field and in the save bar), the raw file (admins), and
// what applies them (palpanel does not restart the game itself; GET /config says how for the file's kind, the same words POST /config/apply answers with its
// 501, shown here as the instruction they are). Beside each value the file holds, the value the
// running game reports when they differ: a change waits for the next start. A save names the
// version read (If-Match): when someone else changed the file meanwhile, nothing is written, the
// screen says so and reads the file again. A WorldOption.sav in the world folder overrides the
// settings file: the screen says so and marks the settings the game takes from it. A viewer
// reads the values as text, not as editors it may not use. Without a settings file the screen
// says so once, with what helps (a setting and a restart of palpanel, not a retry).
import { Fragment, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { BodyOf, DataOf } from '../../api/operations';
import { ApiError } from '../../api/http';
import { useAction, type Loaded } from '../../api/hooks';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { ConfigData, ConfigSetting } from '../../types';
import { Card, PageHead } from '../../ui/bits';
import { Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';
import { updateConfig, useConfig, useConfigRaw } from './api';
import { pendingOf, problemOf, shown, typed } from './setting-values';
import { sectionsOf, SettingGroups } from './SettingGroups';
import { useSettingWords } from './setting-words';

/** Words with `code` spans, as the API writes commands. */
function Words({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>;
}

const KIND: Record<ConfigData['format'], string> = {
  ini: 'config.kind.ini',
  env: 'config.kind.env',
  compose: 'config.kind.compose',
};

/** GET /config's answer when palpanel has no settings file: it names the setting, which only a
 * restart of palpanel reads, so trying again cannot help. (An unreadable file is a 409 too; that
 * one a retry can fix.) */
const notConfigured = (e: ApiError | null) => e !== null && e.status === 409 && e.message.includes('SERVICE_CONFIG_FILE');

export function Config() {
  const w = useSettingWords();
  const { t } = w;
  useTitle(t('config.title'));
  const admin = useIsAdmin();
  const r = useConfig();
  // The raw file once the settings are read: when they cannot be, one message says why, not two.
  const raw = useConfigRaw(admin && r.data !== undefined);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState('');
  const [saved, setSaved] = useState<string[] | null>(null);
  const [showApply, setShowApply] = useState(false);
  const [stale, setStale] = useState(false);
  const save = useAction();

  const settings = useMemo(() => r.data?.settings ?? [], [r.data]);
  const changed = settings.filter((s) => edits[s.key] !== undefined && edits[s.key] !== shown(s.value));
  const invalid = changed.filter((s) => problemOf(s, edits[s.key]) !== null);
  const pending = settings.filter((s) => pendingOf(s) !== null);

  const submit = async () => {
    if (!r.data) return;
    const body: BodyOf<'updateConfig'> = {};
    for (const s of changed) body[s.key] = typed(s, edits[s.key]);
    setStale(false);
    const res = await save.run(async () => {
      try {
        return await updateConfig(body, r.data!.version);
      } catch (e) {
        // Someone else saved (or the file was edited by hand) since it was read: nothing was
        // written. Read it again; the edits stay, to be checked against it and saved again.
        if (e instanceof ApiError && e.status === 412) {
          setStale(true);
          setSaved(null);
          r.reload();
          raw.reload();
          return null;
        }
        throw e;
      }
    });
    if (res) {
      setEdits({});
      setSaved(res.data.changed);
      r.reload();
      raw.reload();
    }
  };

  const apply = r.data?.apply;
  return (
    <>
      <PageHead title={t('config.title')}>
        {admin && apply && (
          <button type="button" aria-expanded={showApply} onClick={() => setShowApply(!showApply)}>
            {t('config.howToApply')}
          </button>
        )}
      </PageHead>
      {apply && (showApply || (saved !== null && saved.length > 0)) && (
        <div className="card note" role="status">
          <strong>{t('config.howToApplyLead')} </strong>
          <Words text={apply.words} />
        </div>
      )}
      {notConfigured(r.error) && r.data === undefined ? (
        <NotConfigured message={r.error!.message} admin={admin} />
      ) : r.error && r.data === undefined ? (
        // A file that cannot be read now (409 too, unlike a missing setting): a retry can fix it.
        <ErrorNote error={r.error.message} retry={r.reload} />
      ) : (
        <Async r={r} what={t('config.reading')}>
          {(c) => (
            <>
              <ConfigNotes c={c} pending={pending.length} stale={stale} saved={saved} />
              <div className="card setting-search">
                <Field
                  hideLabel
                  label={t('config.search')}
                  type="search"
                  className="filter"
                  placeholder={t('config.searchPlaceholder')}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
                <p className="muted small">{t('config.summary', { settings: c.settings.length, groups: sectionsOf(c, w).length })}</p>
              </div>
              <SettingGroups c={c} edits={edits} setEdit={(k, v) => setEdits({ ...edits, [k]: v })} readOnly={!admin} filter={filter} />
              {admin && (
                <SaveBar
                  changed={changed}
                  invalid={invalid}
                  edits={edits}
                  busy={save.busy}
                  error={save.error}
                  undo={() => setEdits({})}
                  save={() => void submit()}
                />
              )}
            </>
          )}
        </Async>
      )}
      {admin && r.data !== undefined && <RawFile raw={raw} />}
    </>
  );
}

/** Where the settings live, and what stands between them and the game. */
function ConfigNotes({ c, pending, stale, saved }: { c: ConfigData; pending: number; stale: boolean; saved: string[] | null }) {
  const { t } = useSettingWords();
  return (
    <>
      <p className="muted">
        {c.service !== null ? (
          <FormattedMessage
            id="config.fileService"
            values={{ file: c.file, kind: t(KIND[c.format]), block: <code>environment:</code>, service: <code>{c.service}</code> }}
          />
        ) : (
          t('config.file', { file: c.file, kind: t(KIND[c.format]) })
        )}
      </p>
      {c.worldOption?.present && (
        <div className="card note" role="status">
          {c.worldOption.words}
        </div>
      )}
      {c.effectiveFrom === 'unreachable' && <p className="muted">{t('config.unreachable')}</p>}
      {pending > 0 && <p className="warn-text">{t('config.pending', { count: pending })}</p>}
      {stale && (
        <div className="error-note" role="alert">
          {t('config.stale')}
        </div>
      )}
      {saved && (
        <p role="status" className="ok-text">
          {saved.length > 0 ? t('config.saved', { keys: saved.join(', ') }) : t('config.savedNothing')}
        </p>
      )}
    </>
  );
}

/** The changes waiting to be saved, and the buttons that save or undo them. */
function SaveBar({
  changed,
  invalid,
  edits,
  busy,
  error,
  undo,
  save,
}: {
  changed: ConfigSetting[];
  invalid: ConfigSetting[];
  edits: Record<string, string>;
  busy: boolean;
  error: string | null;
  undo: () => void;
  save: () => void;
}) {
  const w = useSettingWords();
  const { t } = w;
  const empty = t('config.empty');
  return (
    // Sticky only while there is something to save: "No changes" need not cover a phone's screen.
    <div className={`card${changed.length > 0 ? ' sticky-actions' : ''}`}>
      {changed.length === 0 ? (
        <span className="muted">{t('config.noChanges')}</span>
      ) : (
        <span>
          {t('config.changing', {
            count: changed.length,
            list: changed.map((s) => `${s.key} ${shown(s.value) || empty} → ${edits[s.key] || empty}`).join('; '),
          })}
        </span>
      )}
      {invalid.length > 0 && (
        <p className="bad-text" role="status">
          {t('config.invalid', {
            count: invalid.length,
            list: invalid
              .map((s) => {
                const p = problemOf(s, edits[s.key]);
                return `${w.name(s) ?? s.key} (${p ? t(p.id, p.values) : ''})`;
              })
              .join('; '),
          })}
        </p>
      )}
      <ErrorNote error={error} />
      <div className="actions">
        <button type="button" disabled={changed.length === 0} onClick={undo}>
          {t('config.undo')}
        </button>
        <button type="button" className="primary" disabled={changed.length === 0 || invalid.length > 0 || busy} onClick={save}>
          {t(busy ? 'config.saving' : 'config.save')}
        </button>
      </div>
    </div>
  );
}

/** No settings file configured: what to set, for an admin, or that the host sets it. */
function NotConfigured({ message, admin }: { message: string; admin: boolean }) {
  const { t } = useSettingWords();
  return (
    <div className="card note" role="status">
      <p>{message}</p>
      <p>
        <Words text={t(admin ? 'config.notConfigured.admin' : 'config.notConfigured.viewer')} />
      </p>
    </div>
  );
}

/** The settings file as it is, passwords masked, for an admin. */
function RawFile({ raw }: { raw: Loaded<DataOf<'getConfigRaw'>> }) {
  const { t } = useSettingWords();
  return (
    <Card title={t('config.raw.title')}>
      <Async r={raw} what={t('config.raw.reading')}>
        {(f) => (
          <pre className="raw" translate="no" tabIndex={0} aria-label={t('config.raw.label')}>
            {f.text}
          </pre>
        )}
      </Async>
    </Card>
  );
}
