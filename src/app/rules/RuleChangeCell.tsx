import { Link } from 'react-router-dom';
import type { ColumnMeta } from '../../ui/dashboard/dashboardTypes';

type Row = Record<string, unknown>;

/** Where a product opens: the product editor, by id (a product may have no muid). */
export const productPath = (id: string) => `/product?product_id=${encodeURIComponent(id)}`;

function ProductLink({ id, label }: { id: string; label: string }) {
  return (
    <Link to={productPath(id)} data-product-id={id}>
      {label.replace('{id}', id)}
    </Link>
  );
}

/**
 * One cell of the Rule changes screen's lists, by the column's `kind`: a change (its summary, spec
 * source and file), text, lines, code, a number, a product (opens it in the editor) or products.
 */
export function RuleChangeCell({ column, row, productLabel }: { column: ColumnMeta; row: Row; productLabel: string }) {
  const value = row[column.key];
  switch (column.kind) {
    case 'change':
      return (
        <div>
          <strong>{String(value ?? '')}</strong>
          <div className="bp6-text-muted bp6-text-small">
            {[row.source ? `spec: ${String(row.source)}` : '', row.file ? String(row.file) : ''].filter(Boolean).join(' — ')}
          </div>
        </div>
      );
    case 'lines':
      return <div>{(Array.isArray(value) ? value : []).map((line, i) => <div key={i}>{String(line)}</div>)}</div>;
    case 'code':
      return value ? <code>{String(value)}</code> : null;
    case 'product':
      return <ProductLink id={String(value)} label={productLabel} />;
    case 'products':
      return (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
          {(Array.isArray(value) ? value : []).map((id) => <ProductLink key={String(id)} id={String(id)} label={productLabel} />)}
        </span>
      );
    default:
      // A message change's texts are quoted, as the CLI prints them.
      if ((column.key === 'before' || column.key === 'after') && (row.subject === 'message' || row.subject === 'text') && typeof value === 'string') return <span>“{value}”</span>;
      return <span>{value === undefined || value === null ? '' : String(value)}</span>;
  }
}
