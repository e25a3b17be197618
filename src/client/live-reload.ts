// Dev server only: reload on every good build, show an overlay while the build is broken.
const events = new EventSource('/__site/events');
let overlay: HTMLElement | undefined;
let lastVersion: string | undefined;

events.addEventListener('ok', (event) => {
  const version = (event as MessageEvent<string>).data;
  if (lastVersion !== undefined && version !== lastVersion) location.reload();
  lastVersion = version;
  overlay?.remove();
  overlay = undefined;
});

events.addEventListener('error-report', (event) => {
  overlay?.remove();
  overlay = document.createElement('div');
  overlay.setAttribute('role', 'alert');
  overlay.id = 'site-build-error';
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(16,33,58,.96);color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
  const title = document.createElement('strong');
  title.textContent = 'The build failed. Fix the file and save; this page reloads by itself.\n\n';
  overlay.append(title, document.createTextNode((event as MessageEvent<string>).data));
  document.body.append(overlay);
  lastVersion = 'broken';
});
