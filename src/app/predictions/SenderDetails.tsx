import { useState } from 'react';
import type { SenderSearchBy } from '../../api/predictionTypes';
import { useSenderDetails } from '../../api/hooks/spaceyHooks';
import { useDebounced } from '../../ui/dashboard/useDebounced';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainInput } from '../../ui/plain/PlainInput';
import { PlainSelect } from '../../ui/plain/PlainSelect';

const fields: Array<{ value: SenderSearchBy; label: string }> = [
  { value: 'email', label: 'Sender email' },
  { value: 'name', label: 'Sender name' },
];

/**
 * Sender details (000 §7 POST sender details {query, searchBy}): suggestions from the chosen sender
 * field after `minLength` characters; picking one searches that same field (issue 28 item 9).
 */
export function SenderDetails({ minLength, onPick }: { minLength: number; onPick: (value: string, by: SenderSearchBy) => void }) {
  const [text, setText] = useState('');
  const [by, setBy] = useState<SenderSearchBy>('email');
  const query = useDebounced(text.trim(), 250);
  const found = useSenderDetails(query.length >= minLength ? query : null, by).data ?? [];
  const shown = text.trim().length >= minLength ? found : [];
  return (
    <div className="spacey__sender" role="group" aria-label="Sender details">
      <span className="search-form__label">Sender details</span>
      <PlainSelect aria-label="Sender details field" value={by} onChoose={(v) => setBy(v as SenderSearchBy)} options={fields} />
      <PlainInput aria-label="Sender details search" value={text} onValueChange={setText} placeholder={`${by === 'email' ? 'Sender email' : 'Sender name'} (${minLength}+ characters)`} />
      {shown.length ? (
        <ul className="spacey__senders" aria-label="Senders">
          {shown.map((s) => (
            <li key={s}>
              <PlainButton minimal small text={s} onClick={() => (onPick(s, by), setText(''))} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
