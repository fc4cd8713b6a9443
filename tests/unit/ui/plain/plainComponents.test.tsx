import { Button, Checkbox, HTMLSelect, Icon, InputGroup, Switch } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { JSDOM } from 'jsdom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainButton } from '../../../../src/ui/plain/PlainButton';
import { PlainControl } from '../../../../src/ui/plain/PlainControl';
import { PlainInput } from '../../../../src/ui/plain/PlainInput';
import { PlainSelect } from '../../../../src/ui/plain/PlainSelect';
import { PlainIcon } from '../../../../src/ui/plain/PlainIcon';
import { firstScreenIcons16 } from '../../../../src/ui/plain/firstScreenIcons';
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

/** The markup as the browser sees it: attribute order and class order do not matter. */
function normal(el: Element): string {
  const attrs = [...el.attributes].map((a) => `${a.name}=${a.name === 'class' ? a.value.split(/\s+/).sort().join(' ') : a.value}`).sort();
  const kids = [...el.childNodes].map((n) => (n.nodeType === 3 ? `"${n.textContent}"` : n.nodeType === 1 ? normal(n as Element) : '')).join('');
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${kids}</>`;
}
const html = (e: ReactElement) => normal(new JSDOM(`<body>${renderToStaticMarkup(e)}</body>`).window.document.body);
const noop = () => undefined;

// Issue 17 (first load): the first screen draws Blueprint components through Blueprint's CSS API.
// The markup must stay the components' own, so the page looks and reads (ARIA) the same.
describe("plain components render Blueprint's markup", () => {
  // Blueprint's <Icon> draws paths only once loaded: put the bundled ones in its cache first.
  const ready = Icons.load(Object.keys(firstScreenIcons16) as IconName[], IconSize.STANDARD);

  it('PlainControl is Switch / Checkbox', () => {
    expect(html(<PlainControl kind="switch" inline label="Subject" checked onChange={noop} />)).toBe(html(<Switch inline label="Subject" checked onChange={noop} />));
    expect(html(<PlainControl kind="checkbox" inline label="Blank" checked={false} onChange={noop} />)).toBe(html(<Checkbox inline label="Blank" checked={false} onChange={noop} />));
  });

  it('PlainSelect is HTMLSelect, options and caret icon included', () => {
    const options = [{ value: '', label: 'Month' }, { value: '01', label: '01' }, { value: 2, label: 'Two', disabled: true }];
    expect(html(<PlainSelect aria-label="From Month" value="01" onChoose={noop} options={options} />)).toBe(html(<HTMLSelect aria-label="From Month" value="01" onChange={noop} options={options} />));
    expect(html(<PlainSelect aria-label="Set status" value="" disabled onChoose={noop} options={options} />)).toBe(html(<HTMLSelect aria-label="Set status" value="" disabled onChange={noop} options={options} />));
  });

  it('PlainInput is InputGroup', () => {
    expect(html(<PlainInput aria-label="Search" placeholder="Search emails" value="x" onValueChange={noop} style={{ width: 320 }} />)).toBe(
      html(<InputGroup aria-label="Search" placeholder="Search emails" value="x" onValueChange={noop} style={{ width: 320 }} />),
    );
  });

  it('PlainButton and PlainIcon are Button and Icon, with text, icons, intent, size and state', async () => {
    await ready;
    const cases: Array<[ReactElement, ReactElement]> = [
      [<PlainButton key="a" type="submit" intent="primary" icon="search" text="Search" />, <Button key="a" type="submit" intent="primary" icon="search" text="Search" />],
      [<PlainButton key="b" minimal icon="inbox" text="Focus" />, <Button key="b" variant="minimal" icon="inbox" text="Focus" />],
      [<PlainButton key="c" minimal small aria-label="Mark of 1" text="Seen" />, <Button key="c" variant="minimal" size="small" aria-label="Mark of 1" text="Seen" />],
      [<PlainButton key="d" icon="chevron-left" aria-label="Previous page" />, <Button key="d" icon="chevron-left" aria-label="Previous page" />],
      [<PlainButton key="e" text="1" active aria-current="page" />, <Button key="e" text="1" active aria-current="page" />],
      [<PlainButton key="f" minimal icon="user" endIcon="caret-down" text="admin" />, <Button key="f" variant="minimal" icon="user" endIcon="caret-down" text="admin" />],
    ];
    for (const [plain, blueprint] of cases) expect(html(plain)).toBe(html(blueprint));
    expect(html(<PlainIcon icon="caret-up" size={14} />)).toBe(html(<Icon icon="caret-up" size={14} />));
    expect(html(<PlainIcon icon="double-caret-vertical" title="Open dropdown" />)).toBe(html(<Icon icon="double-caret-vertical" title="Open dropdown" />));
  });
});
