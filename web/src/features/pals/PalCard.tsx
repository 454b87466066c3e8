// A pal's card: everything its row holds, on a native <dialog> (focus kept inside, Escape
// closes, focus returns to the row's button). A drawer at the side on a wide screen, a sheet on a phone.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import { Link } from '../../shared/router';
import { Badge } from '../../ui/bits';
import { Skills, Stars, TalentBars } from './PalBits';
import { starsWords, unknownWords } from './pal-words';
import type { ExplorerPal } from './types';

function where(p: ExplorerPal): ReactNode {
  switch (p.placement) {
    case 'party':
      return (
        <FormattedMessage
          id={p.partySlot !== null ? 'pals.where.partySlot' : 'pals.where.party'}
          values={{ slot: (p.partySlot ?? 0) + 1 }}
        />
      );
    case 'box':
      return p.boxPage !== null && p.boxSlot !== null ? (
        <FormattedMessage id="pals.where.boxSlot" values={{ page: p.boxPage + 1, slot: p.boxSlot + 1 }} />
      ) : (
        <FormattedMessage id="pals.where.box" />
      );
    case 'base':
      return <FormattedMessage id="pals.where.base" values={{ id: <code key="id">{p.baseId}</code> }} />;
    default:
      return <FormattedMessage id="pals.where.unknown" />;
  }
}

function Row({ fact, children }: { fact: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <dt>{intl.formatMessage({ id: `pals.card.${fact}` })}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function PalCard({ pal, onClose }: { pal: ExplorerPal | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (pal && !d.open) d.showModal();
    if (!pal && d.open) d.close();
  }, [pal]);
  return (
    <dialog ref={ref} className="pal-card" onClose={onClose} aria-labelledby={titleId}>
      {pal && <CardBody pal={pal} titleId={titleId} onClose={onClose} />}
    </dialog>
  );
}

function CardBody({ pal, titleId, onClose }: { pal: ExplorerPal; titleId: string; onClose: () => void }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `pals.${id}` }, values);
  const name = useGameName();
  const t = pal.talents;
  return (
    <>
      <div className="pal-card-head">
        <h2 id={titleId}>
          {name('species', pal.characterId, pal.displayName)} {pal.isAlpha && <Badge tone="warn">{say('badge.alpha')}</Badge>}{' '}
          {pal.isLucky && <Badge tone="info">{say('badge.lucky')}</Badge>}
        </h2>
        <button type="button" onClick={onClose} aria-label={say('card.closeLabel')}>
          {say('card.close')}
        </button>
      </div>
      <dl className="pal-facts">
        <Row fact="species">
          <code>{pal.characterId}</code>
        </Row>
        <Row fact="level">{pal.level}</Row>
        <Row fact="condenser">
          {/* One way of saying it: the stars, and the same in words (the game's "rank" is stars + 1). */}
          <Stars n={pal.stars} />{' '}
          <span className="muted" aria-hidden="true">
            {starsWords(intl, pal.stars)}
          </span>
        </Row>
        <Row fact="talents">
          <TalentBars t={t} />
          <span className="muted pal-talent-words">
            {say(t.melee > 0 ? 'card.talentWordsMelee' : 'card.talentWords', {
              hp: t.hp,
              shot: t.shot,
              defense: t.defense,
              melee: t.melee,
            })}
          </span>
        </Row>
        <Row fact="passives">
          <Skills list={pal.passiveSkills} kind="passive" />
        </Row>
        <Row fact="actives">
          <Skills list={pal.equippedSkills} kind="active" none={say('skills.noneEquipped')} />
        </Row>
        <Row fact="hp">{intl.formatNumber(Math.round(pal.hp))}</Row>
        <Row fact="gender">{say('gender', { gender: pal.gender })}</Row>
        <Row fact="where">{where(pal)}</Row>
        {pal.unknownReason && <Row fact="whyUnknown">{unknownWords(intl, pal.unknownReason)}</Row>}
        <Row fact="owner">
          {pal.ownerResolved && pal.ownerUid ? (
            <Link href={`/players/${pal.ownerUid}`} translate="no">
              {pal.ownerName || say('noName')}
            </Link>
          ) : (
            <span className="muted">{pal.ownerName || say('ownerUnknown')}</span>
          )}
          <div className="muted">{say('ownerSource', { source: pal.ownerSource })}</div>
        </Row>
        <Row fact="instanceId">
          <code className="pal-id">{pal.instanceId}</code>
        </Row>
      </dl>
    </>
  );
}
