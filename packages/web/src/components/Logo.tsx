/** The product mark: a database cylinder. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--primary)" />
      <path
        d="M9 11c0-2 3-3 7-3s7 1 7 3-3 3-7 3-7-1-7-3zm0 0v10c0 2 3 3 7 3s7-1 7-3V11M9 16c0 2 3 3 7 3s7-1 7-3"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
      />
    </svg>
  );
}
