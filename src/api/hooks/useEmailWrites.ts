import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { DashboardResponse, EmailDetail, EmailRowState, EmailUpdate } from '../emailTypes';
import type { SpaceyListResponse } from '../predictionTypes';
import { isKeyOf } from './cacheKeys';
import { usePortalApi } from './PortalApiContext';

type WithRows<T> = T & { payload: Array<{ muid: number }> };

function patchPayload<T>(data: WithRows<T> | undefined, byMuid: Map<number, Partial<EmailRowState>>): WithRows<T> | undefined {
  if (!data || !data.payload.some((r) => byMuid.has(r.muid))) return data;
  return { ...data, payload: data.payload.map((r) => (byMuid.has(r.muid) ? { ...r, ...byMuid.get(r.muid) } : r)) };
}

/**
 * The email writes of the dashboards, each followed by an update of every cached list and detail
 * showing the row with the server's answer (no re-read). Moves change which list holds a row, so
 * the lists are read again. Each returns the server's answer; failures reject (ApiError).
 */
export function useEmailWrites() {
  const api = usePortalApi();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const apply = async (rows: Array<Partial<EmailRowState> & { muid: number }>) => {
      const byMuid = new Map(rows.map((r) => [r.muid, r]));
      const opts = { revalidate: false, populateCache: true } as const;
      await Promise.all([
        mutate(isKeyOf('emails/list'), (d?: DashboardResponse) => patchPayload(d, byMuid), opts),
        mutate(isKeyOf('spacey/list'), (d?: SpaceyListResponse) => patchPayload(d, byMuid), opts),
        mutate(isKeyOf('emails/detail'), (d?: EmailDetail) => (d && byMuid.has(d.muid) ? { ...d, ...byMuid.get(d.muid) } : d), opts),
      ]);
    };
    const reloadLists = () => Promise.all([mutate(isKeyOf('emails/list')), mutate(isKeyOf('spacey/list'))]);
    return {
      /** Applies the rows the server answered to every cached list (also for a caller's own writes). */
      apply,
      async update(payload: EmailUpdate[]) {
        const res = await api.emails.update(payload);
        if (res.rows) await apply(res.rows);
        return res;
      },
      async readEmail(muid: number) {
        const res = await api.emails.readEmail(muid);
        if (res.rows) await apply(res.rows);
        return res;
      },
      async updateScore(muid: number, score: string, indexName: string) {
        const res = await api.emails.updateScore(muid, score, indexName);
        if (res.rows) await apply(res.rows);
        return res;
      },
      async move(muids: number[], to: 'glacier' | 'focus') {
        const res = await api.emails.move(muids, to);
        await apply(res.muids.map((muid) => ({ muid, deleted: res.deleted })));
        await reloadLists();
        return res;
      },
      async assignCopy(muids: number[], entryID: string, copyStatus: number) {
        const res = await api.emails.assignCopy(muids, entryID);
        if (res.status) await apply(res.muids.map((muid) => ({ muid, deleted: copyStatus })));
        return res;
      },
    };
  }, [api, mutate]);
}
