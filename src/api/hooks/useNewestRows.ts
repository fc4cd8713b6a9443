import { useMemo } from 'react';
import type { SWRResponse } from 'swr';
import { newestRows, rememberRows, type Versioned } from './newestRows';

/** A list answer drawn with the newest state known of each row (newestRows); the answer's rows are remembered. */
export function useNewestPayload<T extends { payload: Versioned[] }>(res: SWRResponse<T, Error>): SWRResponse<T, Error> {
  const data = useMemo(() => {
    if (!res.data) return res.data;
    rememberRows(res.data.payload);
    const payload = newestRows(res.data.payload);
    return payload === res.data.payload ? res.data : { ...res.data, payload };
  }, [res.data]);
  return data === res.data ? res : withData(res, data);
}

/** A single row's answer (an email's detail) drawn with the newest state known of it. */
export function useNewestRow<T extends Versioned>(res: SWRResponse<T, Error>): SWRResponse<T, Error> {
  const data = useMemo(() => {
    if (!res.data) return res.data;
    rememberRows([res.data]);
    return newestRows([res.data])[0];
  }, [res.data]);
  return data === res.data ? res : withData(res, data);
}

/**
 * The response with other data. SWR's response reads its fields through getters (to know which ones a
 * component uses), so it is wrapped, not spread: a spread would read them all.
 */
function withData<T>(res: SWRResponse<T, Error>, data: T | undefined): SWRResponse<T, Error> {
  return new Proxy(res, { get: (target, prop, receiver) => (prop === 'data' ? data : Reflect.get(target, prop, receiver)) });
}
