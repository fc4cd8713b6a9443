// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepActionFocus } from '../../../src/app/product/keepActionFocus';

afterEach(() => {
  document.body.innerHTML = '';
});

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function toolbar() {
  document.body.innerHTML = `<div role="toolbar" aria-label="Product actions"><button data-action="update">Update</button></div><input id="product_headline">`;
  return { update: document.querySelector('button')!, headline: document.getElementById('product_headline') as HTMLInputElement };
}

describe('keepActionFocus (a save run from the keyboard)', () => {
  it('gives the focus back to the button once the save ends and the button is enabled again', async () => {
    const { update } = toolbar();
    update.disabled = true; // while saving: the focus falls to the page
    keepActionFocus(update, 'update', Promise.resolve());
    await frame();
    update.disabled = false;
    await frame();
    await frame();
    expect(document.activeElement).toBe(update);
  });

  it('leaves the focus where the user put it while the toolbar was being redrawn', async () => {
    const { update, headline } = toolbar();
    update.disabled = true;
    keepActionFocus(update, 'update', Promise.resolve());
    await frame();
    headline.focus(); // the user went on typing in a field
    update.disabled = false;
    await frame();
    await frame();
    expect(document.activeElement).toBe(headline);
  });
});
