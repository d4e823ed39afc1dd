/**
 * The university's crest, drawn inline so the landing page loads no image files. It takes the
 * theme's primary colour, so it suits both light and dark colour schemes.
 */
export function UniversityCrest({ size = 88 }: { size?: number }) {
  return (
    <svg
      role="img"
      aria-label="University logo"
      viewBox="0 0 96 112"
      width={size}
      height={(size * 112) / 96}
    >
      <path
        d="M48 4 88 16v36c0 26-18 44-40 54C26 96 8 78 8 52V16Z"
        style={{ fill: 'var(--mantine-primary-color-filled)' }}
      />
      <path
        d="M48 11 81 21v31c0 21-14 37-33 46C29 89 15 73 15 52V21Z"
        fill="none"
        stroke="#fff"
        strokeOpacity={0.55}
        strokeWidth={2}
      />
      {/* A star above an open book: learning that is recognised. */}
      <path
        d="m48 22 3.2 6.6 7.3 1-5.3 5.1 1.3 7.2L48 38.5l-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1Z"
        fill="#fff"
      />
      <path d="M24 52c9-4 17-4 22 1v25c-5-5-13-5-22-1Z" fill="#fff" />
      <path d="M72 52c-9-4-17-4-22 1v25c5-5 13-5 22-1Z" fill="#fff" fillOpacity={0.85} />
    </svg>
  );
}
