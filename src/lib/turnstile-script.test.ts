import { afterEach, describe, expect, it } from 'vitest';
import { preloadTurnstile, turnstileScriptUrl } from './turnstile-script';

afterEach(() => {
  document.head.innerHTML = '';
  delete window.turnstile;
});

describe("Turnstile's script on intent", () => {
  it('is preloaded once, at the address the bot check then loads it from', () => {
    preloadTurnstile('https://challenges.cloudflare.com/turnstile/v0/api.js');
    preloadTurnstile('https://challenges.cloudflare.com/turnstile/v0/api.js');
    const links = document.head.querySelectorAll('link[rel="preload"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('as')).toBe('script');
    expect(links[0]!.getAttribute('href')).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(turnstileScriptUrl('https://challenges.cloudflare.com/turnstile/v0/api.js')).toBe(
      links[0]!.getAttribute('href'),
    );
  });

  it('is not preloaded again once the script has run', () => {
    window.turnstile = { render: () => 'id', reset: () => undefined, remove: () => undefined };
    preloadTurnstile('/local/turnstile/api.js');
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
