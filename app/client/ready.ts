/** Browser tests (and monitoring) wait for `html[data-hydrated]` before they interact (set by a page's own module). */
export function markReady() {
  document.documentElement.dataset.hydrated = 'true';
}
