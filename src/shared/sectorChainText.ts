/**
 * A sector chain as an editor reads it, 'Banking > Checking': each level's name (its id when it has none) joined by
 * ' > '; '' for none. The editor's chain list and the accept-prediction answer word chains alike.
 */
export function sectorChainText(chain: readonly unknown[] | undefined): string {
  return (chain ?? [])
    .map((e) => (e !== null && typeof e === 'object' ? String((e as { name?: unknown; id?: unknown }).name ?? (e as { id?: unknown }).id) : String(e)))
    .join(' > ');
}
