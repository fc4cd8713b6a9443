import type { DashboardRequest, SearchCriteria } from '../src/api/emailTypes';

/** The word search the load, failover and route-CPU benches send (subject contains "sale"). */
export const search: SearchCriteria = {
  query: 'sale', by_id: false, by_subject: true, by_body: false, by_sender_name: false, by_sender_email: false,
  from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '',
  show_blank: true, show_unused: true, show_used: false, show_copy: false, show_junk: false,
  hide_read: false, flags: [], panelist: '', state: '', country: '0', owner_type: '', partition: '',
};

/** A Focus dashboard page of 50, newest first. */
export const listRequest = (page: number): DashboardRequest => ({ page, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' });
