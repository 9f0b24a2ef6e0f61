import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveAndHydrate, settle } from '@/test/hydrate';
import { installEarlyCapture } from '@/inline/early-capture';
import { useEarlyPress } from './early-press';

let uninstall: () => void = () => undefined;
function install() {
  uninstall = installEarlyCapture(window);
}

afterEach(() => {
  uninstall();
  uninstall = () => undefined;
  document.body.innerHTML = '';
  delete window.__earlyPresses;
});

function click(element: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

describe('the early capture script', () => {
  it('holds a press of a marked control before take-over: no default, no propagation, marked, remembered once', () => {
    install();
    document.body.innerHTML =
      '<div id="outer"><button data-early-press="voice"><span>Press</span></button></div>';
    const outer = document.getElementById('outer')!;
    const bubbled = vi.fn();
    outer.addEventListener('click', bubbled);
    const first = click(document.querySelector('span')!);
    const second = click(document.querySelector('button')!);
    expect(first.defaultPrevented).toBe(true);
    expect(second.defaultPrevented).toBe(true);
    expect(bubbled).not.toHaveBeenCalled();
    expect(window.__earlyPresses?.queue).toEqual(['voice']);
    expect(document.querySelector('button')).toHaveAttribute('data-early-pressed');
  });

  it('lets a press through once its key is live, and never touches unmarked controls', () => {
    install();
    document.body.innerHTML =
      '<button data-early-press="voice">Press</button><a href="#x" id="plain">Link</a>';
    window.__earlyPresses!.live.voice = true;
    expect(click(document.querySelector('button')!).defaultPrevented).toBe(false);
    expect(click(document.getElementById('plain')!).defaultPrevented).toBe(false);
    expect(window.__earlyPresses?.queue).toEqual([]);
  });

  it('stops a native submit of a marked form and remembers it', () => {
    install();
    document.body.innerHTML = '<form data-early-submit="contact"><input name="a"></form>';
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(window.__earlyPresses?.queue).toEqual(['contact']);
  });

  it('installs once, however often it runs', () => {
    install();
    const state = window.__earlyPresses;
    installEarlyCapture(window)(); // a second run installs nothing, so has nothing to undo
    expect(window.__earlyPresses).toBe(state);
    document.body.innerHTML = '<button data-early-press="voice">Press</button>';
    click(document.querySelector('button')!);
    expect(state?.queue).toEqual(['voice']);
  });
});

function Pressable({ onPress, onClick }: { onPress: () => void; onClick: () => void }) {
  const pressProps = useEarlyPress('voice', onPress);
  return (
    <button type="button" {...pressProps} onClick={onClick}>
      Press
    </button>
  );
}

describe('useEarlyPress', () => {
  it('replays a press made before take-over exactly once, then hands presses to React', async () => {
    install();
    const onPress = vi.fn();
    const onClick = vi.fn();
    const ui = <Pressable onPress={onPress} onClick={onClick} />;
    const root = await serveAndHydrate(ui, () => {
      const button = document.querySelector('button')!;
      click(button);
      click(button);
      expect(button).toHaveAttribute('data-early-pressed');
    });
    await settle();
    const button = document.querySelector('button')!;
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).not.toHaveAttribute('data-early-pressed');
    expect(window.__earlyPresses?.queue).toEqual([]);

    await act(async () => {
      click(button);
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onPress).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    expect(window.__earlyPresses?.live.voice).toBe(false);
  });

  it('replays nothing when nothing was pressed', async () => {
    install();
    const onPress = vi.fn();
    const root = await serveAndHydrate(<Pressable onPress={onPress} onClick={vi.fn()} />);
    await settle();
    expect(onPress).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  it('keeps a press for the next owner when unmounted before the replay ran', async () => {
    install();
    const onPress = vi.fn();
    const ui = <Pressable onPress={onPress} onClick={vi.fn()} />;
    // The replay waits for a timer: hold the clock so the unmount surely comes first.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const root = await serveAndHydrate(ui, () => click(document.querySelector('button')!));
      act(() => root.unmount());
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    expect(onPress).not.toHaveBeenCalled();
    expect(window.__earlyPresses?.queue).toEqual(['voice']);
  });

  it('works on a page without the capture script (nothing to replay)', async () => {
    const onClick = vi.fn();
    const root = await serveAndHydrate(<Pressable onPress={vi.fn()} onClick={onClick} />);
    await act(async () => {
      click(document.querySelector('button')!);
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
