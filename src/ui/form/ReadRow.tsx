import type { ReactNode } from 'react';

/** One labelled row of the read-only summary. */
export function ReadRow({ label, children, heading }: { label: string; children: ReactNode; heading?: string }) {
  return (
    <>
      {heading && <h5 className="portal-summary-heading">{heading}</h5>}
      <div className="portal-summary-row">
        <span className="portal-summary-label">{label}</span>
        <span className="portal-summary-value">{children}</span>
      </div>
    </>
  );
}
