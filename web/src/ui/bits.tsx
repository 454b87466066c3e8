// Small pieces every screen uses: a card, a badge, a stat, a page's heading. (Form fields: fields.tsx.)
import type { ReactNode } from 'react';

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className ?? ''}`}>
      {(title || actions) && (
        <header className="card-head">
          {title && <h2>{title}</h2>}
          {actions && <div className="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** User or game data (a name, a version, a path): not words of the UI, so marked for browsers'
 * translators and the pseudo-locale walk to leave alone (docs/languages.md). */
export function Data({ children }: { children: ReactNode }) {
  return <span translate="no">{children}</span>;
}

export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';
export function Badge({ tone = 'muted', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge ${tone}`}>{children}</span>;
}

/** A figure with its label; `wide` for words rather than a number (a version, a guild's name),
 * which take two columns of the grid rather than break inside a word. */
export function Stat({ label, value, sub, wide }: { label: string; value: ReactNode; sub?: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'stat wide' : 'stat'}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {sub && <div className="stat-sub muted">{sub}</div>}
    </div>
  );
}

/** `data`: the title is a name (a player's, a guild's), not the UI's words. */
export function PageHead({ title, data, children }: { title: string; data?: boolean; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1 translate={data ? 'no' : undefined}>{title}</h1>
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}
