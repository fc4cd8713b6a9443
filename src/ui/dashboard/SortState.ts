/** The list's sort: the server field and its direction. */
export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}
