/** 000 §5: the list shows subjects without backslashes and slashes. */
export function cleanSubject(subject: string | null | undefined): string {
  return (subject ?? '').replace(/[\\/]/g, '');
}

/** Cuts text at `max` characters and appends `ellipsis` (' . . .' on the list, '...' for dedup subjects). */
export function truncateText(text: string, max: number, ellipsis: string): string {
  return text.length > max ? text.slice(0, max) + ellipsis : text;
}
