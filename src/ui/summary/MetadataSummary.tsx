import { MetadataForm, type MetadataFormProps } from '../form/MetadataForm';

export type MetadataSummaryProps = Omit<MetadataFormProps, 'mode' | 'onChange'>;

/**
 * The read-only summary: the same blocks, view model and registry as the editor, in read mode
 * (labelled rows, code titles, Yes/No, status labels, MM/DD/YYYY dates). Hidden blocks stay hidden.
 */
export function MetadataSummary(props: MetadataSummaryProps) {
  return <MetadataForm {...props} mode="read" />;
}
