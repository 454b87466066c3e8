// The settings in the groups a host thinks in (server and access, rates, players, pals, …, as
// GET /config names them), each group a folding card with its count and a line on what it
// decides; keys palpanel does not know come last, open. A search by readable name, raw key or
// words of the explanation shows every match, its group's heading above it, unfolded.
import type { ConfigData, ConfigSetting } from '../../types';
import { Fold } from '../../ui/fold';
import { Empty } from '../../ui/states';
import { SettingRow } from './SettingRow';
import { shown } from './setting-values';
import { useSettingWords, type SettingWords } from './setting-words';

interface Section {
  id: string;
  title: string;
  about: string;
  rows: ConfigSetting[];
}

const OTHER = 'other';

/** The groups with their settings, named in the UI's language; the keys palpanel does not know last. */
export function sectionsOf(c: ConfigData, w: SettingWords): Section[] {
  const known = new Set(c.groups.map((g) => g.id));
  return [
    ...c.groups.map((g) => ({ id: g.id, title: w.groupName(g), about: w.groupAbout(g), rows: c.settings.filter((s) => s.group === g.id) })),
    {
      id: OTHER,
      title: w.t('config.other.name'),
      about: w.t('config.other.about'),
      rows: c.settings.filter((s) => s.group === null || !known.has(s.group)),
    },
  ].filter((x) => x.rows.length > 0);
}

/** Found by its name or explanation in the UI's language or in English, or by its raw key. */
export const matches = (s: ConfigSetting, needle: string, w: SettingWords) =>
  !needle || [s.key, s.name ?? '', s.description ?? '', w.name(s) ?? '', w.help(s) ?? ''].some((t) => t.toLowerCase().includes(needle));

export function SettingGroups({
  c,
  edits,
  setEdit,
  readOnly,
  filter,
}: {
  c: ConfigData;
  edits: Record<string, string>;
  setEdit: (key: string, v: string) => void;
  readOnly: boolean;
  filter: string;
}) {
  const w = useSettingWords();
  const needle = filter.trim().toLowerCase();
  const rows = (list: ConfigSetting[]) => (
    <div className="settings">
      {list.map((s) => (
        <SettingRow key={s.key} s={s} value={edits[s.key] ?? shown(s.value)} readOnly={readOnly} onChange={(v) => setEdit(s.key, v)} />
      ))}
    </div>
  );
  const sections = sectionsOf(c, w);
  if (needle) {
    const found = sections.map((x) => ({ ...x, rows: x.rows.filter((s) => matches(s, needle, w)) })).filter((x) => x.rows.length > 0);
    if (found.length === 0) return <Empty>{w.t('config.noMatch', { query: filter.trim() })}</Empty>;
    return (
      <>
        {found.map((x) => (
          <section key={x.id} className="card setting-group">
            <h2>
              {x.title} <span className="fold-count">{x.rows.length}</span>
            </h2>
            {rows(x.rows)}
          </section>
        ))}
      </>
    );
  }
  return (
    <>
      {sections.map((x) => (
        <Fold
          key={x.id}
          title={x.title}
          count={w.t('config.count', { count: x.rows.length })}
          open={x.id === OTHER}
          className="setting-group"
        >
          {() => (
            <>
              <p className="muted small">{x.about}</p>
              {rows(x.rows)}
            </>
          )}
        </Fold>
      ))}
    </>
  );
}
