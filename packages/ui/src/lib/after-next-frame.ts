// Work that waits until the browser has drawn what was just committed (issue 39): started in
// the effect of a commit, a render and commit of more content used to come before the next
// frame, which then styled and laid out both commits in one long task. After the next animation
// frame and a task of its own, the first content is on screen and the rest is a frame of its own.

/** The longest it waits when no frame comes: a hidden tab draws none. */
const NO_FRAME_MS = 500;

/** Runs `run` after the next frame (or NO_FRAME_MS); the returned function cancels it. */
export function afterNextFrame(run: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
  const go = () => {
    if (done) return;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(go, 0);
  });
  const fallback = setTimeout(go, NO_FRAME_MS);
  return cancel;
}
