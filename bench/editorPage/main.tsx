import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { createRoot } from 'react-dom/client';
import './measure';
import { OursApp } from './OursApp';
import { StockApp } from './StockApp';

const mode = new URLSearchParams(location.search).get('mode') === 'stock' ? 'stock' : 'ours';
createRoot(document.getElementById('root')!).render(mode === 'stock' ? <StockApp /> : <OursApp />);
requestAnimationFrame(() => setTimeout(() => (window.__benchReady = true), 0));
