import '@blueprintjs/core/lib/css/blueprint.css';
import { Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { html } from 'virtual:forward-bench-data';
import { RichTextEditor } from '../../src/ui/richtext/RichTextEditor';
import { onRender } from '../editorPage/measure';

createRoot(document.getElementById('root')!).render(
  <Profiler id="forward" onRender={onRender}>
    <RichTextEditor id="body" value={html} onChange={() => undefined} height={1000} findReplace removeLinks />
  </Profiler>,
);
requestAnimationFrame(() => setTimeout(() => (window.__benchReady = true), 0));
