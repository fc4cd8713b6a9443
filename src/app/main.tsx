import '@blueprintjs/core/lib/css/blueprint.css';
import '../ui/shell/shell.css';
// First: starts the first screen's requests before the modules below evaluate (issue 17: first load).
import './bootPrefetch';
import { loadIconsPerUse } from './iconLoader';
import { startApp } from './startApp';

loadIconsPerUse();
startApp();
