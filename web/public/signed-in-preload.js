// Replaced in the build by scripts/signed-in-preload.mjs (which starts downloading a signed-in
// screen's code beside the entry's); the development server has nothing to preload.
