/**
 * Turnstile's script address as the bot check loads it (explicit rendering), and its preload: a
 * few lines in the first load, so a form's intent can start the script's download before the bot
 * check's own code (loaded on intent too) has arrived to add it.
 */

/** The address of Turnstile's script, explicit rendering: the preload and the script share it. */
export function turnstileScriptUrl(scriptUrl: string): string {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', 'explicit');
  return url.href;
}

/** Starts the script's download once (a no-op when it is loaded or on its way). */
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
