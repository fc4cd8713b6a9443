import { AnchorButton, Tooltip } from '@blueprintjs/core';
import type { CompanyMedia } from '../../../api/media';

/**
 * A company's Html and PDF icons (001 §2): the email of its newest other product catalogued from
 * one, as processed HTML, and the file of its newest other product with one, each in its own
 * window; dimmed with the reason when there is none.
 */
export function CompanyMediaLinks({ media, name }: { media: CompanyMedia | undefined; name: string }) {
  const link = (text: string, icon: 'code' | 'document', href: string | null | undefined, of: number | null | undefined, none: string) => (
    <Tooltip content={href ? `${text} of ${name}'s product ${of}` : none} placement="top">
      <AnchorButton size="small" variant="minimal" icon={icon} text={text} href={href ?? undefined} target="_blank" rel="noreferrer" disabled={!href} aria-label={`${text} of ${name}`} />
    </Tooltip>
  );
  return (
    <span className="portal-company-media">
      {link('Html', 'code', media?.html_url, media?.html_product_id, 'No other product of this company came from an email')}
      {link('PDF', 'document', media?.pdf_url, media?.pdf_product_id, 'No other product of this company has a file')}
    </span>
  );
}
