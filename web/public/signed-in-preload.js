// The development server's copy, which preloads nothing. The build writes the real script from
// Vite's manifest (scripts/signed-in-preload.mjs) inline into index.html instead.
