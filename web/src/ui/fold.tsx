// A card that folds: its heading with a count is always shown, its body only once unfolded (a
// native <details>, so the keyboard and screen readers know it). The body is not drawn until
// then, so a folded section asks the server for nothing: a long page stays short and quick.
import { useState, type ReactNode } from 'react';

export function Fold({
  title,
  count,
  open: initially = false,
  className,
  children,
}: {
  title: string;
  /** Said after the title, e.g. "363" or "104 of 192". */
  count?: ReactNode;
  open?: boolean;
  className?: string;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(initially);
  return (
    <details className={`card fold ${className ?? ''}`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>{title}</h2>
        {count !== undefined && <span className="fold-count">{count}</span>}
      </summary>
      {open && <div className="fold-body">{children()}</div>}
    </details>
  );
}
