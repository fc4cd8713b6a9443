const str = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** The search form's criteria (000 §5 Search criteria), as the email dashboards and the spacey list take them. */
export const searchSchema = {
  type: ['object', 'null'],
  properties: {
    query: str(1000), by_id: { type: 'boolean' }, by_subject: { type: 'boolean' }, by_body: { type: 'boolean' },
    by_sender_name: { type: 'boolean' }, by_sender_email: { type: 'boolean' },
    from_day: str(2), from_month: str(2), from_year: str(4), to_day: str(2), to_month: str(2), to_year: str(4),
    show_blank: { type: 'boolean' }, show_unused: { type: 'boolean' }, show_used: { type: 'boolean' }, show_copy: { type: 'boolean' }, show_junk: { type: 'boolean' },
    hide_read: { type: 'boolean' }, flags: { type: 'array', maxItems: 20, items: str(10) },
    // 000 §5: the panelist filter allows at most 255 characters.
    panelist: str(255), state: str(10), country: str(3), owner_type: str(3), partition: str(100),
    default_dates: { type: 'boolean' },
  },
} as const;
