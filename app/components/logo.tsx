/** The wordmark; decorative, the link around it carries the accessible name. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 220 40" width="176" height="32" aria-hidden="true" focusable="false">
      <g fill="none" fillRule="evenodd">
        <circle cx="20" cy="20" r="18" fill="var(--color-primary)" />
        <path
          d="M20 31V15m0 6c-4-1-7-4-8-8 4 0 7 3 8 8zm0-3c3-1 6-4 7-8-4 0-7 3-7 8z"
          stroke="var(--color-accent)"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </g>
      <text x="46" y="19" fontSize="15" fontWeight="700" fill="currentColor" letterSpacing=".06em">
        NORTHFIELD
      </text>
      <text x="46" y="34" fontSize="11" fontWeight="500" fill="currentColor" letterSpacing=".18em">
        AGRONOMICS
      </text>
    </svg>
  );
}
