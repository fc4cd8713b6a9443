import { createContext, useContext } from 'react';

/** One result of a picker lookup. */
export interface LookupOption {
  value: unknown;
  label: string;
}

/** Search function behind a picker's `x-ui.lookup` name; the screen supplies it (API call). */
export type LookupFn = (text: string, signal: AbortSignal) => Promise<LookupOption[]>;

/** What widgets need from the screen besides their props: lookups and today's date. */
export interface FormServices {
  lookups: Record<string, LookupFn>;
  /** Today as `YYYY-MM-DD` (injected so tests are deterministic); defaults to the local date. */
  today?: string;
}

export const FormServicesContext = createContext<FormServices>({ lookups: {} });

export function useFormServices(): FormServices {
  return useContext(FormServicesContext);
}

/** Today in local time as `YYYY-MM-DD`. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
