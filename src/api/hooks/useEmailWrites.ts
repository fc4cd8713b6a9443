import { useMemo } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { DashboardResponse, EmailDetail, EmailRowState, EmailUpdate } from '../emailTypes';
import type { SpaceyListResponse } from '../predictionTypes';
import { isKeyOf, type CacheKey } from './cacheKeys';
import { rememberRows, showAhead } from './newestRows';
import { usePortalApi } from './PortalApiContext';

type WithRows<T> = T & { payload: Array<{ muid: number; row_version?: number }> };

type RowPatch = Partial<EmailRowState> & { muid: number };

/** Whether a patch applies to a cached row: not when the row is newer than the answer the patch came with. */
const appliesTo = (row: { row_version?: number }, patch: RowPatch | undefined): patch is RowPatch =>
  !!patch && (patch.row_version === undefined || row.row_version === undefined || row.row_version <= patch.row_version);

function patchPayload<T>(data: WithRows<T> | undefined, byMuid: Map<number, RowPatch>): WithRows<T> | undefined {
  if (!data || !data.payload.some((r) => appliesTo(r, byMuid.get(r.muid)))) return data;
  return { ...data, payload: data.payload.map((r) => { const p = byMuid.get(r.muid); return appliesTo(r, p) ? { ...r, ...p } : r; }) };
}

/**
 * The email writes of the dashboards, each followed by an update of every cached list and detail
 * showing the row with the server's answer (no re-read). Moves change which list holds a row, so
 * the lists are read again. Each returns the server's answer; failures reject (ApiError).
 */
export function useEmailWrites() {
  const api = usePortalApi();
  const { mutate, cache } = useSWRConfig();
  return useMemo(() => {
    const apply = async (rows: RowPatch[]) => {
      // An answer's rows (with their version) become the newest known; values a control shows before
      // the answer (no version) are drawn over answers of the version they were chosen on (newestRows).
      rememberRows(rows);
      showAhead(rows.filter((r) => r.row_version === undefined));
      const byMuid = new Map(rows.map((r) => [r.muid, r]));
      const opts = { revalidate: false, populateCache: true } as const;
      // Only answers already cached: SWR drops the answer of a read under way when its key is mutated,
      // so a search still loading when a status change was answered never showed (its previous page
      // stayed on screen). Its answer, however old, is drawn with the newest rows known (newestRows).
      const cached = (name: string) => (key: unknown) => isKeyOf(name)(key) && (cache.get(unstable_serialize(key as CacheKey)) as { data?: unknown } | undefined)?.data !== undefined;
      await Promise.all([
        mutate(cached('emails/list'), (d?: DashboardResponse) => patchPayload(d, byMuid), opts),
        mutate(cached('spacey/list'), (d?: SpaceyListResponse) => patchPayload(d, byMuid), opts),
        mutate(cached('emails/detail'), (d?: EmailDetail) => (d && appliesTo(d, byMuid.get(d.muid)) ? { ...d, ...byMuid.get(d.muid) } : d), opts),
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
  }, [api, mutate, cache]);
}
