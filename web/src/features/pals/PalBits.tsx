// Small drawings of a pal: condenser stars, talents at a glance, and its skills by name.
import { useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import type { Pal, SkillName } from '../../types';
import { starsWords } from './pal-words';

/** Four star places, the earned ones filled; the words for screen readers. */
export function Stars({ n }: { n: number }) {
  const intl = useIntl();
  return (
    <span className="pal-stars" title={starsWords(intl, n)}>
      <span aria-hidden="true">
        <span className="on">{'★'.repeat(n)}</span>
        <span className="off">{'★'.repeat(Math.max(0, 4 - n))}</span>
      </span>
      <span className="sr-only">{starsWords(intl, n)}</span>
    </span>
  );
}

const TALENTS = ['hp', 'shot', 'defense'] as const;

/** HP, attack and defense talents (0-100): three short bars with their numbers. */
export function TalentBars({ t }: { t: Pal['talents'] }) {
  const intl = useIntl();
  return (
    <span className="pal-talents" aria-label={intl.formatMessage({ id: 'pals.talents.label' }, t)} role="img">
      {TALENTS.map((k) => (
        <span key={k} className="talent" title={intl.formatMessage({ id: 'pals.talents.title' }, { talent: k, n: t[k] })}>
          {/* An SVG bar: its width is an attribute, not a style, so the page's CSP holds. */}
          <svg className="talent-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
            <rect className="track" width="100" height="6" rx="2" />
            <rect className={t[k] >= 90 ? 'fill high' : 'fill'} width={Math.max(0, Math.min(100, t[k]))} height="6" rx="2" />
          </svg>
          <span className="talent-n" aria-hidden="true">
            {t[k]}
          </span>
        </span>
      ))}
    </span>
  );
}

/** Skill names (the game's, in the UI's language) with the game's id on hover; an id the panel
 * cannot name is shown as-is and marked. */
export function Skills({ list, kind, none }: { list: SkillName[] | undefined; kind: 'passive' | 'active'; none?: string }) {
  const intl = useIntl();
  const name = useGameName();
  if (!list || list.length === 0) return <span className="muted">{none ?? intl.formatMessage({ id: 'pals.skills.none' })}</span>;
  return (
    <>
      {list.map((s, i) => (
        <span key={`${i}-${s.id}`}>
          {i > 0 && intl.formatMessage({ id: 'pals.list.separator' })}
          {s.known ? (
            // The game's id on hover is data; the name inside is the UI's (useGameName).
            <span title={s.id} translate="no">
              <span translate="yes">{name(kind, s.id, s.name)}</span>
            </span>
          ) : (
            <>
              <code>{s.id}</code> <span className="muted">{intl.formatMessage({ id: 'pals.skills.unknown' })}</span>
            </>
          )}
        </span>
      ))}
    </>
  );
}
