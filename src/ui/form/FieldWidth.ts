/** How wide a field is drawn: a number of grid columns, or the whole row. */
export type FieldWidth = number | 'narrow' | 'medium' | 'wide' | 'full';
