/** In the first load, so a form's intent can start the download before the bot check's own code arrives. */

export function turnstileScriptUrl(scriptUrl: string): string {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', 'explicit');
  return url.href;
}

export function preloadTurnstile(scriptUrl: string): void {
  const href = turnstileScriptUrl(scriptUrl);
  if (window.turnstile || document.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`))
    return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = href;
  document.head.appendChild(link);
}
