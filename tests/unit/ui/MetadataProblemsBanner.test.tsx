// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataStatusResponse } from '../../../src/api/metadataStatus';
import { MetadataProblemsBanner } from '../../../src/ui/shell/MetadataProblemsBanner';
import { MetadataProblemsNotice } from '../../../src/ui/shell/MetadataProblemsNotice';

afterEach(cleanup);

const problem = { file: 'rules/product/visibility.json', path: '$.rules[0].when.chain_any[0].var', message: 'unknown field "sectorz"' };

describe('MetadataProblemsNotice', () => {
  it('lists every problem as a file:json-path: problem line while the server watches', () => {
    render(<MetadataProblemsNotice status={{ version: 'a', watching: true, problems: [problem] }} pageVersion="a" onReload={() => {}} />);
    expect(screen.getByText('Metadata problems (1): the portal keeps serving the last good version')).toBeTruthy();
    expect(screen.getByText('rules/product/visibility.json:$.rules[0].when.chain_any[0].var: unknown field "sectorz"')).toBeTruthy();
  });

  it('does not claim a last good version when `portal dev` started on the broken files', () => {
    // It said "keeps serving the last good version" while it served the files without visibility.json.
    render(<MetadataProblemsNotice status={{ version: 'a', watching: true, problems: [problem], startedOnThem: true }} pageVersion="a" onReload={() => {}} />);
    expect(screen.getByText('Metadata problems (1): the portal started on these files and serves what it could read of them')).toBeTruthy();
  });

  it('says the page is out of date when the served version changed, and shows nothing otherwise', () => {
    const { container, rerender } = render(<MetadataProblemsNotice status={{ version: 'b', watching: true, problems: [] }} pageVersion="a" onReload={() => {}} />);
    expect(screen.getByText(/The metadata changed since this page loaded\./)).toBeTruthy();
    rerender(<MetadataProblemsNotice status={{ version: 'a', watching: true, problems: [] }} pageVersion="a" onReload={() => {}} />);
    expect(container.textContent).toBe('');
    // Outside `portal dev` there is no loop to report on.
    rerender(<MetadataProblemsNotice status={{ version: 'b', watching: false, problems: [problem] }} pageVersion="a" onReload={() => {}} />);
    expect(container.textContent).toBe('');
  });
});

describe('MetadataProblemsBanner', () => {
  let status: MetadataStatusResponse = { version: 'v1', watching: true, problems: [] };
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(status)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/metadata/status`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('polls the status while the server watches and shows a broken save, then its fix', async () => {
    const { container } = render(<MetadataProblemsBanner url={url} intervalMs={20} />);
    await new Promise((r) => setTimeout(r, 100));
    expect(container.textContent).toBe('');
    status = { version: 'v1', watching: true, problems: [problem] };
    await waitFor(() => expect(screen.getByText(/unknown field "sectorz"/)).toBeTruthy());
    status = { version: 'v2', watching: true, problems: [] };
    await waitFor(() => expect(screen.getByText(/The metadata changed since this page loaded\./)).toBeTruthy());
  });
});
