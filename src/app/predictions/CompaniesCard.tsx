import { Button, Card, H5, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import type { CompanyMatch, EmailCompany } from '../../api/predictionTypes';
import { useCompanySearch } from '../../api/hooks/spaceyHooks';
import { useDebounced } from '../../ui/dashboard/useDebounced';
import { ConfirmDialog } from '../../ui/dashboard/MessageDialog';
import { PlainInput } from '../../ui/plain/PlainInput';

export type CompanyChoice = { companyName: string; companyID: number } | { companyName: string; newCompany: true };

interface CompaniesCardProps {
  companies: EmailCompany[];
  minLength: number;
  busy: boolean;
  /** The confirmation asked before a name no search result matches is added as a new company. */
  newCompanyQuestion: string;
  onAdd: (choice: CompanyChoice) => Promise<boolean>;
  onDelete: (c: EmailCompany) => void;
  onRestore: (c: EmailCompany) => void;
}

/**
 * The email's companies (000 §2 predictions screen, §5 company search after more than 2 characters).
 * Add company takes the chosen match, or a name confirmed as a new company, never a typed fragment
 * (issue 28 item 9).
 */
export function CompaniesCard({ companies, minLength, busy, newCompanyQuestion, onAdd, onDelete, onRestore }: CompaniesCardProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<CompanyMatch | null>(null);
  const [confirming, setConfirming] = useState(false);
  const typed = query.trim();
  const settled = useDebounced(typed, 250);
  const found = useCompanySearch(settled.length >= minLength ? settled : null).data ?? [];
  const shown = typed.length >= minLength ? found : [];
  const exact = shown.find((c) => c.companyName.toLowerCase() === typed.toLowerCase()) ?? null;
  const match = chosen ?? exact;
  const add = async (choice: CompanyChoice) => {
    if (await onAdd(choice)) {
      setQuery('');
      setChosen(null);
    }
  };
  const onAddClick = () => (match ? void add({ companyName: match.companyName, companyID: match.companyID }) : setConfirming(true));
  return (
    <Card compact className="predictions__companies" aria-label="Companies" data-focus-group>
      <H5>Companies</H5>
      <div className="predictions__company-search">
        <PlainInput
          aria-label="Company search"
          placeholder={`Search companies (more than ${minLength - 1} characters)`}
          value={query}
          onValueChange={(v) => (setQuery(v), setChosen(null))}
          // Down and Up choose among the results as in the editor's company search (Down, then Enter, asked to add the
          // typed fragment as a new company); Enter does what Add company does (the match, else the new-company question).
          onKeyDown={(e) => {
            const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
            if (step && shown.length) {
              e.preventDefault();
              const at = match ? shown.findIndex((c) => c.companyID === match.companyID) : -1;
              setChosen(shown[at < 0 ? (step > 0 ? 0 : shown.length - 1) : (at + step + shown.length) % shown.length] ?? null);
              return;
            }
            if (e.key !== 'Enter' || typed.length < minLength || busy) return;
            e.preventDefault();
            onAddClick();
          }}
        />
        <Button text={match ? `Add company ${match.companyName}` : 'Add company'} disabled={typed.length < minLength || busy} onClick={onAddClick} />
      </div>
      {shown.length ? (
        <div className="predictions__evidence" role="group" aria-label="Company search results">
          {shown.map((c) => (
            <Button key={c.companyID} size="small" variant="outlined" active={match?.companyID === c.companyID} aria-pressed={match?.companyID === c.companyID} text={c.companyName} onClick={() => setChosen(c)} />
          ))}
        </div>
      ) : null}
      {companies.length ? (
        <HTMLTable compact>
          <tbody>
            {companies.map((c) => (
              <tr key={c.id} className={c.deleted ? 'bp6-text-disabled' : undefined}>
                <td>{c.companyName}</td>
                <td>{c.deleted ? 'deleted' : ''}</td>
                <td>{c.deleted ? <Button size="small" text="Restore" onClick={() => onRestore(c)} /> : <Button size="small" intent="danger" variant="minimal" text="Delete" onClick={() => onDelete(c)} />}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      <ConfirmDialog
        message={confirming ? newCompanyQuestion.replace('{name}', typed) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void add({ companyName: typed, newCompany: true });
        }}
      />
    </Card>
  );
}
