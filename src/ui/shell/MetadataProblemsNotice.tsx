import { Button, Callout } from '@blueprintjs/core';
import type { MetadataStatusResponse } from '../../api/metadataStatus';

export interface MetadataProblemsNoticeProps {
  status: MetadataStatusResponse | null;
  /** The version this page started with; a different current version means the page is out of date. */
  pageVersion: string | null;
  onReload: () => void;
}

/** What the analysts' loop shows in the browser: the problems of the last saved metadata files, or that the metadata changed. */
export function MetadataProblemsNotice({ status, pageVersion, onReload }: MetadataProblemsNoticeProps) {
  if (!status?.watching) return null;
  if (status.problems.length) {
    return (
      <Callout intent="danger" icon="error" className="metadata-problems" title={`Metadata problems (${status.problems.length}): ${status.startedOnThem ? 'the portal started on these files and serves what it could read of them' : 'the portal keeps serving the last good version'}`} compact>
        <ul className="metadata-problems__list">
          {status.problems.map((p, i) => (
            <li key={i}>
              <code>{`${p.file}:${p.path}: ${p.message}`}</code>
            </li>
          ))}
        </ul>
      </Callout>
    );
  }
  if (pageVersion && status.version !== pageVersion) {
    return (
      <Callout intent="primary" icon="refresh" className="metadata-problems" compact>
        The metadata changed since this page loaded. <Button size="small" variant="outlined" text="Reload page" onClick={onReload} />
      </Callout>
    );
  }
  return null;
}
