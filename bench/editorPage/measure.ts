/**
 * Per-keystroke timings in the page. Work is the app's share, the same for both editors: the
 * dispatch of each event the keystroke fires (window capture to window bubble: React's handlers)
 * and, from the input event, its dispatch and every React commit it causes (Profiler onRender). Between keypress and
 * input the browser inserts the text (its editing command, about as long for either page): that
 * is not the editor's work and is reported apart (`toInput`). A frame callback after the last
 * commit marks the paint (bench/editorPage/typeKey.ts releases the key after it); a keystroke whose
 * handlers change the DOM themselves and cause no commit (the forward editor's typed text) has it
 * marked after those handlers.
 */
export interface KeystrokeSample {
  work: number;
  /** keydown to the first task after the frame that painted the keystroke's changes. */
  paint: number;
  /** The same, marked by a timer task queued from that frame (events queued before it delay it). */
  paintByTimer: number;
  commits: number;
  /** Time spent in the rules engine during this keystroke (ours only). */
  engine: number;
  /** keydown to the input event, handlers included: mostly the browser's own text insertion. */
  toInput: number;
}

let inputAt = 0;
/** Summed dispatch time of keydown, keypress, beforeinput and textInput (the handlers before input). */
let handlersMs = 0;
let dispatchStart = 0;
for (const type of ['keydown', 'keypress', 'beforeinput', 'textInput']) {
  window.addEventListener(type, () => (dispatchStart = performance.now()), true);
  window.addEventListener(type, () => {
    if (dispatchStart) handlersMs += performance.now() - dispatchStart;
    dispatchStart = 0;
    // The handlers may have changed the DOM without React: the next frame paints it (a commit
    // after this supersedes the mark).
    if (type === 'beforeinput' && keydownAt) markPaint();
  });
}
window.addEventListener(
  'input',
  () => {
    if (!inputAt) inputAt = performance.now();
  },
  true,
);
// The input event's own dispatch counts whether or not it ends in a commit: a widget that keeps the
// typed text in its control (no re-render) still runs its handler, the store and the engine there.
let inputEnd = 0;
window.addEventListener('input', () => {
  if (inputAt && keydownAt) inputEnd = performance.now();
});

let engineMs = 0;

/** Adds time spent in the engine to the current keystroke. */
export function addEngineTime(ms: number): void {
  engineMs += ms;
}

let keydownAt = 0;
let lastCommit = 0;
let commits = 0;
let generation = 0;
let paintedAt = 0;
let paintedByTimer = 0;

// A new sample (the dispatch listener above adds the keydown's own handlers at its bubble end).
window.addEventListener(
  'keydown',
  () => {
    keydownAt = performance.now();
    handlersMs = 0;
    lastCommit = 0;
    paintedAt = 0;
    paintedByTimer = 0;
    commits = 0;
    engineMs = 0;
    inputAt = 0;
    inputEnd = 0;
  },
  true,
);

/** React Profiler onRender: called in the commit phase of every commit inside the profiled tree. */
export function onRender(): void {
  if (!keydownAt) return;
  lastCommit = performance.now();
  commits++;
  markPaint();
}

/** Marks the paint of the frame after now (unless a later change marks a later one). */
function markPaint(): void {
  const gen = ++generation;
  // rAF runs before the frame's paint; a task queued from it runs after that paint. At user-blocking
  // priority it runs first after the frame; a timer's task waited for the events queued before it
  // (selectionchange, ...), which are not the paint (kept as paintByTimer, for comparison).
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (gen !== generation) return;
      paintedByTimer = performance.now();
      awaitQuiet();
    }, 0);
    void scheduler.postTask(
      () => {
        if (gen !== generation) return;
        paintedAt = performance.now();
        awaitQuiet();
      },
      { priority: 'user-blocking' },
    );
  });
}

/** The collect() waiting for the current keystroke. */
let waiting: { resolve: (sample: KeystrokeSample | null) => void; quietMs: number; quiet?: ReturnType<typeof setTimeout>; giveUp: ReturnType<typeof setTimeout> } | null = null;

function finish(sample: KeystrokeSample | null): void {
  if (!waiting) return;
  clearTimeout(waiting.quiet);
  clearTimeout(waiting.giveUp);
  waiting.resolve(sample);
  waiting = null;
  keydownAt = 0;
}

/** From the input event to the end of its dispatch or the last commit it caused, whichever is later. */
function inputWork(): number {
  const end = Math.max(lastCommit, inputEnd);
  if (!end) return 0;
  return inputAt ? end - inputAt : end - keydownAt;
}

/**
 * Once both paint marks are in, a timer for the quiet period after the later of them and the last
 * commit (a later commit marks the paint again and so comes back here). No polling: a check every
 * 10 ms ran between the keydown and its paint, the harness's work inside the timed window.
 */
function awaitQuiet(): void {
  if (!waiting || !keydownAt || !paintedAt || !paintedByTimer) return;
  const w = waiting;
  clearTimeout(w.quiet);
  const wait = () => {
    const left = w.quietMs - (performance.now() - Math.max(paintedByTimer, lastCommit));
    if (left > 0) {
      w.quiet = setTimeout(wait, left);
      return;
    }
    finish({ work: handlersMs + inputWork(), paint: paintedAt - keydownAt, paintByTimer: paintedByTimer - keydownAt, commits, engine: engineMs, toInput: inputAt ? inputAt - keydownAt : NaN });
  };
  wait();
}

/**
 * Resolves once the next keystroke's commits and paint are done and nothing happened for
 * `quietMs` (null after 2 s without). Called before the key goes down (typeKey), so neither this
 * call nor a check runs between the keydown and its paint.
 */
function collect(quietMs = 60): Promise<KeystrokeSample | null> {
  finish(null);
  keydownAt = 0;
  return new Promise((resolve) => {
    waiting = { resolve, quietMs, giveUp: setTimeout(() => finish(null), 2000) };
  });
}

declare global {
  interface Window {
    __benchCollect: typeof collect;
    /** typeKey's binding: the armed collect()'s answer. */
    __benchSample?: (sample: KeystrokeSample | null) => Promise<void>;
    __benchReady: boolean;
  }
}
window.__benchCollect = collect;
