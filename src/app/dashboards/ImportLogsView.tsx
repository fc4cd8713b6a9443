import { Button, ButtonGroup, FormGroup, HTMLSelect, H3, Spinner } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import type { ImportJob } from '../../api/emailTypes';
import { useImportJobs, useImportLogs } from '../../api/hooks/logHooks';
import { DataTable } from '../../ui/dashboard/DataTable';
import { useDashboardMeta, type ColumnMeta } from './dashboardMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { ListCell } from './ListCell';

const timeframe = (j: ImportJob) => `#${j.id}: ${formatEmailDate(j.start_time)} - ${j.end_time ? formatEmailDate(j.end_time) : j.state}`;

/**
 * Import job logs (000 §2): a timeframe (import job) selector and that job's log rows, a page at a
 * time; the original muid opens the email body in a 500x500 popup. Failures only log (000 §8).
 */
export function ImportLogsView() {
  const meta = useDashboardMeta().importLogs;
  const perpage = meta.defaults.perpage;
  const jobs = useImportJobs().data ?? null;
  // The timeframe and page live in the URL (`job`, `page`): a reload or Back keeps the place. The newest job until one is chosen.
  const [params, setParams] = useSearchParams();
  const whole = (name: string) => (/^[1-9][0-9]{0,8}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : null);
  const chosen = whole('job');
  const jobId = chosen ?? jobs?.[0]?.id ?? null;
  const page = whole('page') ?? 1;
  const show = (job: number | null, p: number) => {
    const next = new URLSearchParams();
    if (job !== null) next.set('job', String(job));
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  const setPage = (fn: (p: number) => number) => show(chosen, fn(page));
  const logs = useImportLogs(jobId === null ? null : { cron_log_id: jobId, page, perpage }).data ?? null;

  return (
    <section className="import-logs" aria-label="Import job logs">
      <H3>Import job logs</H3>
      {jobs === null ? (
        <Spinner aria-label="Loading import jobs" />
      ) : (
        <FormGroup label="Timeframe" labelFor="import-timeframe" inline>
          <HTMLSelect
            id="import-timeframe"
            aria-label="Timeframe"
            value={jobId ?? ''}
            onChange={(e) => show(Number(e.currentTarget.value), 1)}
            options={jobs.map((j) => ({ value: j.id, label: timeframe(j) }))}
          />
        </FormGroup>
      )}
      {logs ? (
        <>
          <DataTable<Record<string, unknown>>
            label="Import logs"
            columns={meta.columns as ColumnMeta[]}
            rows={logs.payload as unknown as Array<Record<string, unknown>>}
            emptyText={meta.messages.noRecords}
            renderCell={(c, row) => <ListCell column={c} row={row} />}
          />
          <ButtonGroup className="import-logs__pages">
            <Button icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))} />
            <Button rightIcon="chevron-right" text="Next" disabled={!logs.hasNext} onClick={() => setPage((p) => p + 1)} />
          </ButtonGroup>
          <span className="import-logs__count" data-testid="log-count">
            Page {page} of {logs.lastPage} ({logs.tot_logs} messages)
          </span>
        </>
      ) : jobs && jobs.length === 0 ? (
        <div className="dashboard-table__empty">{meta.messages.noRecords}</div>
      ) : null}
    </section>
  );
}
