/** Loaded at the first play of a call sample, never in the first load. */
export function followTranscript(audio: HTMLAudioElement): void {
  const list = document.getElementById(audio.dataset.transcript ?? '');
  if (!list || audio.dataset.following) return;
  audio.dataset.following = 'true';
  const lines = Array.from(list.querySelectorAll<HTMLElement>('li[data-start]'));
  const mark = () => {
    const now = audio.currentTime;
    let current: HTMLElement | null = null;
    for (const line of lines) if (Number(line.dataset.start) <= now) current = line;
    for (const line of lines) {
      if (line === current) line.setAttribute('aria-current', 'true');
      else line.removeAttribute('aria-current');
    }
  };
  audio.addEventListener('timeupdate', mark);
  audio.addEventListener('seeked', mark);
  mark();
}
