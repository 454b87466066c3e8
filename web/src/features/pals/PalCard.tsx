// A pal's card: everything its row holds, on a native <dialog> (focus kept inside, Escape
// closes, focus returns to the row's button). A drawer at the side on a wide screen, a sheet on a phone.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from '../../shared/router';
import { Badge } from '../../ui/bits';
import { Skills, Stars, TalentBars } from './PalBits';
import { starsWords, UNKNOWN_WORDS } from './pal-words';
import type { ExplorerPal } from './types';

const OWNER_SOURCE_WORDS: Record<ExplorerPal['ownerSource'], string> = {
  save: 'named in the save',
  personal_container: "from the player's own party or Palbox",
  last_observed: 'its last known owner (the save names no current one)',
  unresolved: 'unknown',
};

function where(p: ExplorerPal): ReactNode {
  switch (p.placement) {
    case 'party':
      return p.partySlot !== null ? `Party, slot ${p.partySlot + 1}` : 'Party';
    case 'box':
      return p.boxPage !== null && p.boxSlot !== null ? `Palbox, page ${p.boxPage + 1}, slot ${p.boxSlot + 1}` : 'Palbox';
    case 'base':
      return (
        <>
          Base <code>{p.baseId}</code>
        </>
      );
    default:
      return 'Unknown';
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
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
      {pal && (
        <>
          <div className="pal-card-head">
            <h2 id={titleId}>
              {pal.displayName} {pal.isAlpha && <Badge tone="warn">alpha</Badge>} {pal.isLucky && <Badge tone="info">lucky</Badge>}
            </h2>
            <button type="button" onClick={onClose} aria-label="Close the pal card">
              Close
            </button>
          </div>
          <dl className="pal-facts">
            <Row label="Species">
              <code>{pal.characterId}</code>
            </Row>
            <Row label="Level">{pal.level}</Row>
            <Row label="Condenser">
              {/* One way of saying it: the stars, and the same in words (the game's "rank" is stars + 1). */}
              <Stars n={pal.stars} />{' '}
              <span className="muted" aria-hidden="true">
                {starsWords(pal.stars)}
              </span>
            </Row>
            <Row label="Talents">
              <TalentBars t={pal.talents} />
              <span className="muted pal-talent-words">
                HP {pal.talents.hp}, attack {pal.talents.shot}, defense {pal.talents.defense}
                {pal.talents.melee > 0 ? `, melee ${pal.talents.melee}` : ''}
              </span>
            </Row>
            <Row label="Passive skills">
              <Skills list={pal.passiveSkills} />
            </Row>
            <Row label="Active skills">
              <Skills list={pal.equippedSkills} none="none equipped" />
            </Row>
            <Row label="HP">{Math.round(pal.hp).toLocaleString('en')}</Row>
            <Row label="Gender">{pal.gender}</Row>
            <Row label="Where">{where(pal)}</Row>
            {pal.unknownReason && <Row label="Why unknown">{UNKNOWN_WORDS[pal.unknownReason]}</Row>}
            <Row label="Owner">
              {pal.ownerResolved && pal.ownerUid ? (
                <Link href={`/players/${pal.ownerUid}`}>{pal.ownerName || '(no name)'}</Link>
              ) : (
                <span className="muted">{pal.ownerName || 'unknown'}</span>
              )}
              <div className="muted">{OWNER_SOURCE_WORDS[pal.ownerSource]}</div>
            </Row>
            <Row label="Instance id">
              <code className="pal-id">{pal.instanceId}</code>
            </Row>
          </dl>
        </>
      )}
    </dialog>
  );
}
