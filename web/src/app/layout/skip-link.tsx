import { useState, type CSSProperties } from 'react';

/** Off screen but read by screen readers, until it has focus (Mantine's VisuallyHidden). */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const SHOWN: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 16px',
  borderRadius: 'var(--mantine-radius-md)',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-anchor)',
  fontWeight: 600,
  boxShadow: 'var(--mantine-shadow-md)',
};

/**
 * "Skip to main content": the first thing Tab reaches on a signed-in screen, shown only while it
 * has focus, so keyboard users need not pass the whole sidebar on every page. It moves focus
 * itself: the address's hash is the router's, so a plain in-page link would change the route.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${targetId}`}
      style={focused ? SHOWN : HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
