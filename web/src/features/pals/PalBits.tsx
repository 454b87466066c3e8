// Small drawings of a pal: condenser stars, talents at a glance, and its skills by name.
import type { Pal, SkillName } from '../../types';
import { starsWords } from './pal-words';

/** Four star places, the earned ones filled; the words for screen readers. */
export function Stars({ n }: { n: number }) {
  return (
    <span className="pal-stars" title={starsWords(n)}>
      <span aria-hidden="true">
        <span className="on">{'★'.repeat(n)}</span>
        <span className="off">{'★'.repeat(Math.max(0, 4 - n))}</span>
      </span>
      <span className="sr-only">{starsWords(n)}</span>
    </span>
  );
}

const TALENTS = [
  ['hp', 'HP'],
  ['shot', 'Attack'],
  ['defense', 'Defense'],
] as const;

/** HP, attack and defense talents (0-100): three short bars with their numbers. */
export function TalentBars({ t }: { t: Pal['talents'] }) {
  return (
    <span className="pal-talents" aria-label={TALENTS.map(([k, l]) => `${l} ${t[k]}`).join(', ')} role="img">
      {TALENTS.map(([k, l]) => (
        <span key={k} className="talent" title={`${l} talent ${t[k]} of 100`}>
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

/** Skill names with the game's id on hover; an id the panel cannot name is shown as-is and marked. */
export function Skills({ list, none = 'none' }: { list: SkillName[] | undefined; none?: string }) {
  if (!list || list.length === 0) return <span className="muted">{none}</span>;
  return (
    <>
      {list.map((s, i) => (
        <span key={`${i}-${s.id}`}>
          {i > 0 && ', '}
          {s.known ? (
            <span title={s.id}>{s.name}</span>
          ) : (
            <>
              <code>{s.id}</code> <span className="muted">(unknown)</span>
            </>
          )}
        </span>
      ))}
    </>
  );
}
