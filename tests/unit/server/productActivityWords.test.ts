import { describe, expect, it } from 'vitest';
import { describeActivity } from '../../../src/server/products/productActivityLog';
import { productEngine } from '../../../src/server/products/productEngine';

// Issue 27 item 8: the Product Activity Log in editors' words (field labels, never document keys or action codes).
describe('Product Activity Log words', () => {
  const { model } = productEngine().engine;

  it('names changed fields by their labels and leaves the server bookkeeping out', () => {
    const words = describeActivity('update', { product_name: 'x', updated_at: '2024-05-01T00:00:00Z', metadata_version: 'abc', delivery: {}, last_worked_user: 'e' }, model);
    expect(words).toBe('Updated the product: Delivery, Product Name');
    expect(describeActivity('update', { updated_at: '2024-05-01T00:00:00Z' }, model)).toBe('Updated the product');
  });

  it('says what the PDF jobs and the page images did', () => {
    expect(describeActivity('pdf_processed', { file_id: 3, pages: 12, characters: 900 }, model)).toBe('Processed the PDF: 12 pages');
    expect(describeActivity('resample', { file_id: 3 }, model)).toBe('Resampled the PDF pages');
    expect(describeActivity('default_image', { img_document_sort: 2 }, model)).toBe('Chose page 2 as the default image');
    expect(describeActivity('rotate_image', { img_document_sort: 4, rotation: 90 }, model)).toBe('Rotated page 4 to 90°');
    for (const action of ['pdf_processed', 'resample', 'default_image', 'rotate_image']) expect(describeActivity(action, null, model)).not.toContain('_');
  });
});
