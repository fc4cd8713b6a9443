// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import { PortalApiContext } from '../../../src/api/hooks/PortalApiContext';
import { useProduct, type ProductRef } from '../../../src/api/hooks/productHooks';
import { useProductWrites } from '../../../src/api/hooks/useProductWrites';
import type { ProductDocumentJson } from '../../../src/api/products';

afterEach(cleanup);

function Shown({ name, productRef }: { name: string; productRef: ProductRef }) {
  const { data } = useProduct(productRef);
  return <p aria-label={name}>{data ? `${String(data.product_id)}:${String(data.product_status)}:${String(data.product_name)}` : ''}</p>;
}

let writes: ReturnType<typeof useProductWrites> | null = null;
function Writer() {
  writes = useProductWrites();
  return null;
}

const stored = (status: number, name: string): ProductDocumentJson => ({ product_id: 12, muid: '5423', product_status: status, product_name: name });
const saved = (product: ProductDocumentJson) => ({ product_id: 12, index_name: 'products_2024', metadata_version: 'v', product });

describe('useProductWrites (issue 28 item 8: the product editor reads and writes through the client)', () => {
  it("puts a save's and a status change's answer in every read of the product, by id and by muid, without reading it again", async () => {
    const reads: string[] = [];
    const api = fakePortalApi({
      products: {
        byId: async (id) => (reads.push(`id ${String(id)}`), stored(0, 'Acme')),
        byMuid: async (muid) => (reads.push(`muid ${muid}`), stored(0, 'Acme')),
        save: async (doc) => saved({ ...stored(0, 'Acme'), ...doc }),
        status: async (_id, _action, doc) => saved({ ...doc, product_status: 1 }),
      },
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
        <PortalApiContext.Provider value={api}>
          <Shown name="by id" productRef={{ productId: '12' }} />
          <Shown name="by muid" productRef={{ muid: '5423' }} />
          <Writer />
        </PortalApiContext.Provider>
      </SWRConfig>,
    );
    await waitFor(() => expect(screen.getByLabelText('by muid').textContent).toBe('12:0:Acme'));
    expect(screen.getByLabelText('by id').textContent).toBe('12:0:Acme');

    const answer = await act(() => writes!.save({ product_id: 12, product_name: 'Acme Checking' }));
    expect(answer).toMatchObject({ product_id: 12, product_name: 'Acme Checking' });
    expect(screen.getByLabelText('by id').textContent).toBe('12:0:Acme Checking');
    expect(screen.getByLabelText('by muid').textContent).toBe('12:0:Acme Checking');

    await act(() => writes!.status(12, 'approve', stored(0, 'Acme Checking')));
    expect(screen.getByLabelText('by id').textContent).toBe('12:1:Acme Checking');
    expect(screen.getByLabelText('by muid').textContent).toBe('12:1:Acme Checking');
    expect(reads.sort()).toEqual(['id 12', 'muid 5423']);
  });
});
