// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig, unstable_serialize, useSWRConfig, type Cache } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import { offerBootAnswer } from '../../../src/api/hooks/bootAnswers';
import type { CacheKey } from '../../../src/api/hooks/cacheKeys';
import { PortalApiContext } from '../../../src/api/hooks/PortalApiContext';
import { usePortalRead } from '../../../src/api/hooks/usePortalRead';

afterEach(cleanup);

const key: CacheKey = ['test/boot-answer', 1];
let cache: Cache | null = null;

/** Logs every render's data and validating flag, as the dashboard reads them (its loading flag). */
function Reader({ renders, reads }: { renders: string[]; reads: string[] }) {
  cache = useSWRConfig().cache;
  const res = usePortalRead<{ n: number }>(key, async () => (reads.push('read'), { n: 2 }));
  renders.push(`${res.data?.n ?? '-'}${res.isValidating ? ' validating' : ''}`);
  return <p aria-label="value">{res.data?.n ?? ''}</p>;
}

describe("usePortalRead and the boot's answers (issue 31 item 7: the first load)", () => {
  it("draws an answer the boot started in the first render, renders once, and keeps it in the cache for the next mount, which asks again", async () => {
    const answer = offerBootAnswer(key, Promise.resolve({ n: 1 }));
    await answer;
    const api = fakePortalApi({});
    const renders: string[] = [];
    const reads: string[] = [];
    const provider = new Map();
    const tree = (
      <SWRConfig value={{ provider: () => provider, revalidateOnFocus: false }}>
        <PortalApiContext.Provider value={api}>
          <Reader renders={renders} reads={reads} />
        </PortalApiContext.Provider>
      </SWRConfig>
    );
    const first = render(tree);
    expect(screen.getByLabelText('value').textContent).toBe('1');
    // The answer reaches SWR's cache after mounting (the same object: nothing to draw again).
    await waitFor(() => expect(cache?.get(unstable_serialize(key))?.data).toEqual({ n: 1 }));
    expect(renders).toEqual(['1']);
    expect(reads).toEqual([]);

    // A later mount (coming back to the list) draws the cached answer at once and asks the server.
    first.unmount();
    renders.length = 0;
    render(tree);
    expect(renders[0]).toMatch(/^1/);
    await waitFor(() => expect(screen.getByLabelText('value').textContent).toBe('2'));
    expect(reads).toEqual(['read']);
    await act(async () => undefined);
  });
});
