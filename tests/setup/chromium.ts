/** The Chromium the browser tests and benches drive (CHROME_PATH, else the system's). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium flags for a container without a display: no sandbox or GPU, and no QUIC, first-run or background traffic to skew timings. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
