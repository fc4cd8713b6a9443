import { Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { MetadataForm, type MetadataFormProps } from '../form/MetadataForm';

export type MetadataSummaryProps = Omit<MetadataFormProps, 'mode' | 'onChange'>;

/**
 * The read-only summary: the same blocks, view model, registry and grid as the editor, in read
 * mode (code titles, Yes/No, status labels, MM/DD/YYYY dates). Hidden blocks stay hidden; fields
 * without a value (and sub-headings or blocks left with none) are left out until "Show empty fields" is switched on.
 */
export function MetadataSummary(props: MetadataSummaryProps) {
  const [showEmpty, setShowEmpty] = useState(false);
  return (
    <div className={showEmpty ? 'portal-summary' : 'portal-summary portal-hide-empty'}>
      <Switch className="portal-summary-toggle" label="Show empty fields" checked={showEmpty} onChange={(e) => setShowEmpty(e.currentTarget.checked)} />
      <MetadataForm {...props} mode="read" />
    </div>
  );
}
