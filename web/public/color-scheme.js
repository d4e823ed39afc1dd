// Sets the colour scheme on <html> before the first paint, so nobody sees a flash of the wrong
// theme: the person's choice (kept by the app in local storage), else the system setting.
// The build puts it inline in index.html (web/build-plugins/inline-head-scripts.ts), where the
// Content Security Policy allows it by its hash. Keep the key in step with
// web/src/lib/color-scheme.ts (a test checks it).
(function () {
  var scheme = 'light';
  try {
    var chosen = window.localStorage.getItem('mantine-color-scheme-value');
    if (chosen === 'light' || chosen === 'dark') scheme = chosen;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // No storage or no matchMedia: light, as the app itself would start.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
