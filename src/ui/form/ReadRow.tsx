import type { CSSProperties, ReactNode } from 'react';

/** One labelled cell of the read-only summary grid: the label above its value. */
export function ReadRow({ label, children, empty, style }: { label: string; children: ReactNode; empty?: boolean; style?: CSSProperties }) {
  return (
    <div className={`portal-summary-row${empty ? ' portal-summary-empty' : ''}`} style={style}>
      <span className="portal-summary-label">{label}</span>
      <span className="portal-summary-value">{children}</span>
    </div>
  );
}
