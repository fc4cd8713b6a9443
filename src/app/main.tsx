import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/table/lib/css/table.css';
import '../ui/shell/shell.css';
import { prefetchFirstScreen } from './prefetchFirstScreen';

// Issue 17 (first load): this entry is small, so the first screen's requests start as soon as it
// arrives, while the browser still downloads and evaluates React, Blueprint and the router (the
// app chunk, preloaded by index.html). Icons are set up before the first render.
prefetchFirstScreen(window.location.pathname, window.location.search);

void Promise.all([import('./iconLoader'), import('./startApp')]).then(([icons, app]) => {
  icons.loadIconsPerUse();
  app.startApp();
});
